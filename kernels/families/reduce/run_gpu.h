// Runs reduction variants on the GPU: once with instrumentation (a trace), or timed.
// Plain C++ interface: callers compile without nvcc.
#pragma once
#include <cstdint>

#include "kernels/family/run_request.h"
#include "kernels/family/run_result.h"
#include "kernels/gpu/gpu_error.h"
#include "kernels/gpu/timing_plan.h"

namespace wl::reduce {

// `input` holds request.n elements of request.type on the host. Throws std::invalid_argument
// for an invalid request and GpuError when CUDA fails (no device, out of memory, ...).
RunResult run_gpu(const RunRequest& request, const void* input);

struct GpuTiming {
  double median_ms = 0;
  std::uint64_t result_bits = 0;  // of the last timed run
  bool result_ok = false;         // checked against the CPU reference
};

// Times the uninstrumented build of a variant as `timing` says (kernels/gpu/event_timer.cuh).
// Every run includes what the driver resets before a launch (the atomic variants' output), as
// CUB's run includes its own work; the last-block variants reset nothing: their last block
// returns the ticket.
GpuTiming time_gpu(const RunRequest& request, const void* input, const TimingPlan& timing);

}  // namespace wl::reduce
