// What a run on the simulator will cost in memory before it starts, so the app asks before a
// big one: the buffers it allocates (the input, its copy on the backend, the result) and the
// events it records. Its time depends on the kernel more than on n, so it is measured as it
// runs (RunProgress) rather than guessed here.
#pragma once
#include <cstdint>
#include <string>

#include "run/settled_run.h"

namespace wl {

struct RunCost {
  std::uint64_t bytes = 0;
};

RunCost estimate_run_cost(const SettledRun& run);

// The memory over which the app asks before running: a quarter of this machine's, at most 2 GiB.
std::uint64_t asking_threshold_bytes();

// "n = 2^30 needs about 12 GB on the simulator (this machine has 16 GB)."
std::string cost_sentence(const RunSettings& settings, const RunCost& cost);

// "1.5 GB", "740 MB", "12 KB"
std::string bytes_text(std::uint64_t bytes);

}  // namespace wl
