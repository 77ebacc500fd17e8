// What a sweep covers, as the CLI takes it: sizes (--sizes) and a family parameter's values
// (--sweep-param); and the blocks a run records (--record-blocks). Text in, numbers or a
// message out; never throws.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wl {

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

}  // namespace wl
