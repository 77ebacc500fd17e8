// The options shared by every command that runs a kernel (run, trace, metrics), and turning
// them into a request.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "results/sweep_text.h"  // parse_block_list, parse_size

#include "run/backend_run.h"

namespace CLI {
class App;
}

namespace wl::cli {

struct RunOptions {
  // Empty: the family's first type (f32 for reduce) and first operator (sum, where it takes one).
  RunOptions() {
    request.type.clear();
    request.op.clear();
  }

  RunRequest request;
  std::vector<std::string> params;  // "name=value", a family's own parameters
  std::string backend = "auto";
  std::string pattern = "random";
  std::uint64_t seed = 1;
  std::string record_blocks = "0";  // "0,1,5", "0-3" or "all"
  std::optional<unsigned> sm_count;   // unset: default_sm_count()
  std::optional<std::uint64_t> gpus;  // --gpus K: the family parameter gpus (an all-reduce's ranks)
};

void add_run_options(CLI::App& command, RunOptions& options);

// Runs the kernel the options describe and returns an exit code: 0 with `report` filled,
// 2 for bad options, 1 for GPU failures and for a kernel bug the simulator stopped at (then
// `report` holds the run up to it). Prints what went wrong.
int run_from_options(RunOptions& options, bool record, RunReport& report);

// "shared-atomics i32 bins=256 n=4096 block=256": the variant, the operator where the family
// takes one, the type, the family's parameters, n and the block.
std::string request_words(const RunRequest& request);

}  // namespace wl::cli
