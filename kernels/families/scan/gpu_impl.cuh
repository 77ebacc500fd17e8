// Scan's typed GPU entry points, on the family-neutral GPU backend. Included only by the
// per-variant instantiation files that kernels/families/family_variants.cmake generates.
#pragma once
#include <vector>

#include "kernels/families/scan/registry.h"
#include "kernels/families/scan/run_gpu_typed.h"
#include "kernels/families/scan/run_on_backend.h"
#include "kernels/gpu/event_timer.cuh"
#include "kernels/gpu/gpu_backend.cuh"
#include "kernels/gpu/l2_rotation.cuh"

namespace wl::scan {

template <class V, class Op, class T>
RunResult run_gpu_typed(const RunRequest& r, const T* data) {
  RunResult out;
  out.backend = "gpu";
  const std::vector<T> input = r.n ? std::vector<T>(data, data + r.n) : std::vector<T>();
  GpuBackend backend(r, &out.trace);
  run_on_backend<V, Op>(backend, r, input, out);  // read_all waits for the launches
  return out;
}

template <class V, class Op, class T>
GpuTime time_gpu_typed(const RunRequest& r, const T* data, const TimingPlan& timing_plan) {
  const std::vector<T> input = r.n ? std::vector<T>(data, data + r.n) : std::vector<T>();
  const std::vector<Level> levels = plan_levels(V::info, r);
  const bool exclusive = is_exclusive(r);
  GpuBackend backend(r, nullptr);
  const L2Rotation rotation = l2_rotation(r.n * sizeof(T));
  const std::size_t stride = rotation.stride_bytes / sizeof(T);
  const Global<T> copies = backend.alloc<T>(rotation.copies * stride, "input", BufferRole::Input);
  fill_rotation(reinterpret_cast<unsigned char*>(copies.ptr), rotation, data, r.n);
  ScanBuffers<T> buffers = allocate_buffers<V, T>(backend, levels, r.n);  // a single pass clears once, in the warm-up

  GpuTime timing;
  std::size_t run = 0;
  timing.ms = median_event_ms(
      [&] {
        const Global<const T> in{copies.ptr + run++ % rotation.copies * stride, r.n, copies.buffer};
        launch_levels<V, Op>(backend, in, buffers, levels, r.block, exclusive, false);
      },
      timing_plan);
  timing.ok = check_scan<Op>(input, backend.read_all(buffers.out), exclusive, combine_depth(V::info, levels, r.block)).ok;
  return timing;
}

// Instantiates both entry points of variant V for every operator and type the family runs, so
// run_gpu.cpp links to them from plain C++; returning their addresses keeps them emitted.
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

}  // namespace wl::scan
