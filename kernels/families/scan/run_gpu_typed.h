// The typed GPU entry points of one scan variant, defined in gpu_impl.cuh and instantiated
// per variant (kernels/families/family_variants.cmake).
#pragma once
#include "kernels/family/family.h"
#include "kernels/family/run_request.h"
#include "kernels/family/run_result.h"

namespace wl::scan {

template <class V, class Op, class T>
RunResult run_gpu_typed(const RunRequest& request, const T* input);
template <class V, class Op, class T>
GpuTime time_gpu_typed(const RunRequest& request, const T* input, const TimingPlan& timing);

}  // namespace wl::scan
