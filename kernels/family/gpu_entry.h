// The typed GPU entry points of every family, declared for plain C++: TypedFamily calls them,
// kernels/family/gpu_entry.cuh defines them, and the file CMake generates for each variant
// (kernels/families/family.cmake) instantiates them, so nvcc builds the variants in parallel.
#pragma once
#include "kernels/family/family.h"

namespace wl {

// `input` holds request.n elements of T on the host. Throws GpuError when CUDA fails.
template <class Traits, class V, class Op, class T>
RunResult run_gpu_typed(const RunRequest& request, const T* input);

// The uninstrumented build, timed as `timing` says (kernels/gpu/event_timer.cuh), the input
// rotated through copies when it fits in L2, and the last run's result checked. Every run
// includes what the family's Run::launch resets first, as the library's run includes its own.
template <class Traits, class V, class Op, class T>
GpuTime time_gpu_typed(const RunRequest& request, const T* input, const TimingPlan& timing);

}  // namespace wl
