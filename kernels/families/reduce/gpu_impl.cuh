// Reduction's typed GPU entry points, on the family-neutral GPU backend. Included only by the
// per-variant instantiation files that kernels/CMakeLists.txt generates.
#pragma once
#include <vector>

#include "kernels/families/reduce/registry.h"
#include "kernels/families/reduce/run_gpu_typed.h"
#include "kernels/families/reduce/run_on_backend.h"
#include "kernels/gpu/event_timer.cuh"
#include "kernels/gpu/gpu_backend.cuh"
#include "kernels/gpu/l2_rotation.cuh"

namespace wl::reduce {

template <class V, class Op, class T>
RunResult run_gpu_typed(const RunRequest& r, const T* data) {
  RunResult out;
  out.backend = "gpu";
  const std::vector<T> input = r.n ? std::vector<T>(data, data + r.n) : std::vector<T>();
  GpuBackend backend(r, &out.trace);
  // read() copies the result back with cudaMemcpy, which waits for the launches and reports
  // their errors.
  run_on_backend<V, Op>(backend, r, input, out);
  return out;
}

template <class V, class Op, class T>
GpuTiming time_gpu_typed(const RunRequest& r, const T* data, const TimingPlan& timing_plan) {
  const std::vector<T> input = r.n ? std::vector<T>(data, data + r.n) : std::vector<T>();
  const std::vector<Pass> passes = plan_passes(V::info, r.n, r.block, r.sm_count);
  GpuBackend backend(r, nullptr);
  const L2Rotation rotation = l2_rotation(r.n * sizeof(T));
  const std::size_t stride = rotation.stride_bytes / sizeof(T);
  const Global<T> copies = backend.alloc<T>(rotation.copies * stride, "input", BufferRole::Input);
  fill_rotation(reinterpret_cast<unsigned char*>(copies.ptr), rotation, data, r.n);
  const ReduceBuffers<T> buffers = allocate_buffers<V, T>(backend, passes);

  GpuTiming timing;
  std::size_t run = 0;
  timing.median_ms = median_event_ms(
      [&] {
        const Global<const T> in{copies.ptr + run++ % rotation.copies * stride, r.n, copies.buffer};
        launch_passes<V, Op>(backend, in, buffers, passes, r.block, false);
      },
      timing_plan);
  const T result = read_result<V, Op>(backend, buffers, passes);
  timing.result_bits = to_bits(result);
  timing.result_ok = check_reduction<Op>(input, result, combine_depth(V::info, passes, r.block)).ok;
  return timing;
}


// Instantiates both entry points of variant V for every operator and type the family runs
// (kernels/families/reduce/registry.h), so run_gpu.cpp links to them from plain C++. It
// returns their addresses: an address the compiler could drop would not make it emit them.
using EntryPoint = void (*)();
template <class V>
std::vector<EntryPoint> instantiate_gpu_variant() {
  std::vector<EntryPoint> entry_points;
  for_each_type(AllOps{}, [&](auto op) {
    for_each_type(AllTypes{}, [&](auto type) {
      using Op = typename decltype(op)::type;
      using T = typename decltype(type)::type;
      entry_points.push_back(reinterpret_cast<EntryPoint>(&run_gpu_typed<V, Op, T>));
      entry_points.push_back(reinterpret_cast<EntryPoint>(&time_gpu_typed<V, Op, T>));
    });
  });
  return entry_points;
}

}  // namespace wl::reduce
