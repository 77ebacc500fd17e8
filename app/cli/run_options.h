// The options shared by every command that runs a kernel (run, trace, metrics): the words of a
// RunSettings, settled (run/settled_run.h) and run once.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "run/backend_run.h"

namespace CLI {
class App;
}

namespace wl::cli {

struct RunOptions {
  // The CLI's own defaults: the family's first type and operator (settle() fills them) and
  // block 0 recorded.
  RunOptions() {
    settings.request.type.clear();
    settings.request.op.clear();
    settings.record_blocks = "0";
  }

  RunSettings settings;
  std::vector<std::string> params;  // "name=value", a family's own parameters
  std::string backend = "auto";
  std::optional<std::uint64_t> gpus;  // --gpus K: the family parameter gpus (an all-reduce's ranks)
  std::optional<unsigned> sm_count;   // unset: default_sm_count()
};

void add_run_options(CLI::App& command, RunOptions& options);

// Runs the kernel the options describe and returns an exit code: 0 with `outcome` filled,
// 2 for bad options, 1 for GPU failures and for a kernel bug the simulator stopped at (then
// `outcome` holds the run up to it). Prints what went wrong.
int run_from_options(const RunOptions& options, bool record, RunOutcome& outcome);

// "shared-atomics i32 bins=256 n=4096 block=256": the variant, the operator where the family
// takes one, the type, the family's parameters, n and the block.
std::string request_words(const RunRequest& request);

}  // namespace wl::cli
