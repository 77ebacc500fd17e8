// Runs a reduction variant on the CPU simulator.
#pragma once
#include "kernels/host/reduce_outcome.h"
#include "kernels/host/reduce_request.h"

namespace wl {

// `input` holds request.n elements of request.type. Throws std::invalid_argument for a request
// that validate() rejects, and KernelError when the kernel itself is wrong.
ReduceOutcome run_reduce_sim(const ReduceRequest& request, const void* input);

}  // namespace wl
