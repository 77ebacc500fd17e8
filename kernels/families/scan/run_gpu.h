// Runs scan variants on the GPU: once with instrumentation (a trace), or timed. Plain C++
// interface: callers compile without nvcc.
#pragma once
#include "kernels/family/family.h"
#include "kernels/family/run_request.h"
#include "kernels/family/run_result.h"

namespace wl::scan {

// `input` holds request.n elements of request.type on the host. Throws std::invalid_argument
// for an invalid request and GpuError when CUDA fails.
RunResult run_gpu(const RunRequest& request, const void* input);

// The uninstrumented build, timed as `timing` says (kernels/gpu/event_timer.cuh), with the
// input rotated through copies when it fits in L2. A single pass clears its tile status once, in
// the first warm-up run, and then runs as one launch (its status words carry the run's epoch);
// CUB's API keeps no state between calls, so every CUB run includes its init kernel.
GpuTime time_gpu(const RunRequest& request, const void* input, const TimingPlan& timing);

// CUB's DeviceScan (InclusiveSum for sums, else InclusiveScan with our operator; the exclusive
// forms alike) on the same terms.
GpuTime time_cub_scan(const RunRequest& request, const void* input, const TimingPlan& timing);

}  // namespace wl::scan
