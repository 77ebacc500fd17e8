// The words of a run, as every front door takes them (the CLI's options, a lab file's run: line,
// bench, the app's command line): sizes, block lists, sweeps, a family's parameters, input
// patterns and backends. Text in, values or one sentence out; never throws. The one grammar:
// settle() (run/settled_run.h) and each front door read their words here.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/host/input.h"  // Pattern, pattern_names

namespace wl {

// Where a user asks a run to go: the GPU when usable (else the simulator, saying why), the
// simulator, or the GPU only. Where it ran is a Backend (kernels/family/family.h).
enum class BackendChoice { Auto, Simulator, Gpu };

bool parse_backend(std::string_view name, BackendChoice& out);  // "auto", "sim", "gpu"
bool parse_pattern(std::string_view name, Pattern& out);        // one of pattern_names()

// One size, as every --n takes it: "2^20" or "1048576"; 0 too (a reduction of nothing is the
// identity). False, with one sentence, for anything else: "-5" is refused, not wrapped past 2^63.
bool parse_size(std::string_view text, std::uint64_t& n, std::string& error);

// Sizes: "2^10..2^28" (every power of two between), "2^20", "1048576", or a comma-separated
// list of those; ascending, each once. False, with a message, for anything else.
bool parse_sizes(std::string_view text, std::vector<std::uint64_t>& sizes, std::string& error);

// A parameter and its values: "cols=1024,2048,4096", "cols=2^10..2^15", or a mix; the values
// ascending, each once. Whole numbers, 0 included (offset=0 is a value to time); whether the
// family takes the parameter and the values is the caller's question. False, with a message.
bool parse_param_sweep(std::string_view text, std::string& name, std::vector<std::uint64_t>& values,
                       std::string& error);

// "0,2,5-7" or "all" → block indices (all: 0 .. grid - 1, resolved after planning); at most 2^20.
bool parse_block_list(const std::string& text, std::uint32_t grid, std::vector<std::uint32_t>& out,
                      std::string& error);

// {"bins=256", "skew=2"} → out["bins"] = 256, out["skew"] = 2. False, with a message in `error`,
// at the first item that is not name=value with a value that is a whole number. Whether the
// family takes the name is validate()'s question (kernels/family/run_request.h).
bool parse_params(const std::vector<std::string>& items, std::map<std::string, std::uint64_t>& out,
                  std::string& error);

}  // namespace wl
