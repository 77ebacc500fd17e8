// The typed GPU entry points (kernels/family/gpu_entry.h) on the family-neutral GPU backend.
// Included only by the per-variant instantiation files kernels/families/family.cmake generates.
#pragma once
#include <vector>

#include "kernels/family/gpu_entry.h"
#include "kernels/family/typed_run.h"
#include "kernels/gpu/event_timer.cuh"
#include "kernels/gpu/gpu_backend.cuh"
#include "kernels/gpu/l2_rotation.cuh"

namespace wl {

// How a family's variant runs and is timed on the GPU: on the one-GPU backend, unless the family
// specialises this in its own gpu.cuh (kernels/families/family.cmake includes it), as a family
// on several GPUs does.
template <class Traits, class V, class Op, class T>
struct GpuEntry {
  static RunResult run(const RunRequest& r, const T* data) {
    RunResult out;
    out.backend = "gpu";
    GpuBackend backend(record_options(r), &out.trace);
    // Reading the result copies it back with cudaMemcpy, which waits for the launches and
    // reports their errors.
    run_on_backend<Traits, V, Op>(backend, r, typed_input<Traits, T>(r, data), out);
    return out;
  }

  static GpuTime time(const RunRequest& r, const T* data, const TimingPlan& timing_plan) {
    GpuBackend backend(record_options(r), nullptr);
    const L2Rotation rotation = l2_rotation(r.n * sizeof(T));
    const std::size_t stride = rotation.stride_bytes / sizeof(T);
    const Global<T> copies = backend.alloc<T>(rotation.copies * stride, "input", BufferRole::Input);
    fill_rotation(reinterpret_cast<unsigned char*>(copies.ptr), rotation, data, r.n);
    typename Traits::template Run<V, Op, T, GpuBackend> run(backend, r);

    GpuTime timing;
    std::size_t k = 0;
    timing.ms = median_event_ms(
        [&] {
          const Global<const T> in{copies.ptr + k++ % rotation.copies * stride, r.n, copies.buffer};
          run.launch(in, false);
        },
        timing_plan);
    const auto result = run.result();
    timing.ok = Traits::template check<Op>(V::info, r, typed_input<Traits, T>(r, data), result).ok;
    timing.result_bits = result.empty() ? 0 : to_bits(result.front());
    return timing;
  }
};

template <class Traits, class V, class Op, class T>
RunResult run_gpu_typed(const RunRequest& r, const T* data) {
  return GpuEntry<Traits, V, Op, T>::run(r, data);
}

template <class Traits, class V, class Op, class T>
GpuTime time_gpu_typed(const RunRequest& r, const T* data, const TimingPlan& timing_plan) {
  return GpuEntry<Traits, V, Op, T>::time(r, data, timing_plan);
}

// Instantiates both entry points of variant V for every operator and type the family runs, so
// TypedFamily links to them from plain C++. It returns their addresses: an address the
// compiler could drop would not make it emit them.
using GpuEntryPoint = void (*)();
template <class Traits, class V>
std::vector<GpuEntryPoint> instantiate_gpu_variant() {
  using Ops = std::conditional_t<takes_no_op<Traits>, TypeList<NoOp>, typename Traits::Ops>;
  std::vector<GpuEntryPoint> entry_points;
  if constexpr (Traits::kRunsOnGpu) {  // else the simulator only: nothing to build
    for_each_type(Ops{}, [&](auto op) {
      for_each_type(typename Traits::Types{}, [&](auto type) {
        using Op = typename decltype(op)::type;
        using T = typename decltype(type)::type;
        entry_points.push_back(reinterpret_cast<GpuEntryPoint>(&run_gpu_typed<Traits, V, Op, T>));
        entry_points.push_back(reinterpret_cast<GpuEntryPoint>(&time_gpu_typed<Traits, V, Op, T>));
      });
    });
  }
  return entry_points;
}

}  // namespace wl
