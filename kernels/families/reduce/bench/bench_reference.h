// What `warplens bench` measures reduction variants against, in the same run, through the
// family's Traits (time_library, time_handwritten): CUB's DeviceReduce, and the Harris ladder
// hand-written in plain CUDA (to show the dialect costs nothing). The device copy, the bandwidth
// ceiling, is family-neutral: kernels/gpu/gpu_measure.h. Plain C++ interface.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/family/run_request.h"
#include "kernels/gpu/timing_plan.h"

namespace wl {

struct ReferenceTiming {
  double median_ms = 0;
  std::uint64_t result_bits = 0;
};

// cub::DeviceReduce on the request's op, type and n (variant and block are ignored).
ReferenceTiming time_cub_reduce(const RunRequest& request, const void* input, const TimingPlan& timing);

// The variant written without the dialect at this block, for f32 sum; false when there is no
// such version (the reduce family's Traits::time_handwritten).
bool has_handwritten(const std::string& variant, unsigned block);
ReferenceTiming time_handwritten_ladder(const RunRequest& request, const float* input, const TimingPlan& timing);

}  // namespace wl
