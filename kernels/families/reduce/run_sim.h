// Runs a reduction variant on the CPU simulator.
#pragma once
#include "kernels/family/run_request.h"
#include "kernels/family/run_result.h"

namespace wl::reduce {

// `input` holds request.n elements of request.type. Throws std::invalid_argument for a request
// that validate() rejects, and KernelError when the kernel itself is wrong.
RunResult run_sim(const RunRequest& request, const void* input);

}  // namespace wl::reduce
