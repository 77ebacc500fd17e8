// The typed GPU entry points of one histogram variant, defined in gpu_impl.cuh and instantiated
// per variant (kernels/families/family_variants.cmake).
#pragma once
#include <cstdint>

#include "kernels/family/family.h"
#include "kernels/family/run_request.h"
#include "kernels/family/run_result.h"

namespace wl::histogram {

template <class V>
RunResult run_gpu_typed(const RunRequest& request, const std::int32_t* input);
template <class V>
GpuTime time_gpu_typed(const RunRequest& request, const std::int32_t* input, const TimingPlan& timing);

}  // namespace wl::histogram
