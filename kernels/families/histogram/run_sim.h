// Runs histogram variants on the CPU simulator.
#pragma once
#include "kernels/family/run_request.h"
#include "kernels/family/run_result.h"

namespace wl::histogram {

// `input` holds request.n i32 samples. Throws std::invalid_argument for an invalid request and
// KernelError for a bug the simulator finds in a kernel.
RunResult run_sim(const RunRequest& request, const void* input);

}  // namespace wl::histogram
