// Runs histogram variants on the GPU: once with instrumentation (a trace), or timed. Plain C++
// interface: callers compile without nvcc.
#pragma once
#include "kernels/family/family.h"
#include "kernels/family/run_request.h"
#include "kernels/family/run_result.h"

namespace wl::histogram {

// `input` holds request.n i32 samples on the host. Throws std::invalid_argument for an invalid
// request and GpuError when CUDA fails.
RunResult run_gpu(const RunRequest& request, const void* input);

// The uninstrumented build, timed as `timing` says (kernels/gpu/event_timer.cuh), with the
// input rotated through copies when it fits in L2.
// Every run clears the bins (and per-thread-local its copies) first, as CUB's does.
GpuTime time_gpu(const RunRequest& request, const void* input, const TimingPlan& timing);

// CUB's DeviceHistogram::HistogramEven with levels 0, 1, ..., bins on the same terms.
GpuTime time_cub_histogram(const RunRequest& request, const void* input, const TimingPlan& timing);

}  // namespace wl::histogram
