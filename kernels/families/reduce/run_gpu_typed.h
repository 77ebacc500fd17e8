// The per-type entry points, instantiated one variant per .cu file so nvcc builds them in
// parallel; run_gpu.cpp dispatches to them from plain C++.
#pragma once
#include "kernels/families/reduce/run_gpu.h"

namespace wl::reduce {

template <class V, class Op, class T>
RunResult run_gpu_typed(const RunRequest& request, const T* input);

template <class V, class Op, class T>
GpuTiming time_gpu_typed(const RunRequest& request, const T* input, const TimingPlan& timing);

}  // namespace wl::reduce
