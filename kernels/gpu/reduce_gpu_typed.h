// The per-type entry points, instantiated one variant per .cu file so nvcc builds them in
// parallel; reduce_gpu.cpp dispatches to them from plain C++.
#pragma once
#include "kernels/gpu/reduce_gpu.h"

namespace wl {

template <class V, class Op, class T>
ReduceOutcome run_gpu_typed(const ReduceRequest& request, const T* input);

template <class V, class Op, class T>
GpuTiming time_gpu_typed(const ReduceRequest& request, const T* input, int warmup, int repeats);

}  // namespace wl
