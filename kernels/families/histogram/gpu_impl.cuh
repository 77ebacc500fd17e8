// Histogram's typed GPU entry points, on the family-neutral GPU backend. Included only by the
// per-variant instantiation files that kernels/families/family_variants.cmake generates.
#pragma once
#include <vector>

#include "kernels/families/histogram/registry.h"
#include "kernels/families/histogram/run_gpu_typed.h"
#include "kernels/families/histogram/run_on_backend.h"
#include "kernels/gpu/event_timer.cuh"
#include "kernels/gpu/gpu_backend.cuh"
#include "kernels/gpu/l2_rotation.cuh"

namespace wl::histogram {

template <class V>
RunResult run_gpu_typed(const RunRequest& r, const std::int32_t* data) {
  RunResult out;
  out.backend = "gpu";
  const std::vector<std::int32_t> input = r.n ? std::vector<std::int32_t>(data, data + r.n) : std::vector<std::int32_t>();
  GpuBackend backend(r, &out.trace);
  run_on_backend<V>(backend, r, input, out);  // read_all waits for the launches
  return out;
}

template <class V>
GpuTime time_gpu_typed(const RunRequest& r, const std::int32_t* data, const TimingPlan& timing_plan) {
  const unsigned bins = bins_of(r);
  const Plan plan = plan_histogram(V::info, r.n, r.block, bins, r.sm_count);
  GpuBackend backend(r, nullptr);
  const L2Rotation rotation = l2_rotation(r.n * sizeof(std::int32_t));
  const std::size_t stride = rotation.stride_bytes / sizeof(std::int32_t);
  const Global<std::int32_t> copies = backend.alloc<std::int32_t>(rotation.copies * stride, "input", BufferRole::Input);
  fill_rotation(reinterpret_cast<unsigned char*>(copies.ptr), rotation, data, r.n);
  Buffers buffers = allocate_buffers<V>(backend, plan, r.block, bins);

  GpuTime timing;
  std::size_t run = 0;
  timing.ms = median_event_ms(
      [&] {
        const Global<const std::int32_t> in{copies.ptr + run++ % rotation.copies * stride, r.n, copies.buffer};
        launch_histogram<V>(backend, in, buffers, plan, bins, false);
      },
      timing_plan);
  timing.ok = check_histogram(reference_histogram(data, r.n, bins), backend.read_all(buffers.counts)).ok;
  return timing;
}

// Instantiates both entry points of variant V, so run_gpu.cpp links to them from plain C++;
// returning their addresses keeps them emitted.
using EntryPoint = void (*)();
template <class V>
std::vector<EntryPoint> instantiate_gpu_variant() {
  return {reinterpret_cast<EntryPoint>(&run_gpu_typed<V>), reinterpret_cast<EntryPoint>(&time_gpu_typed<V>)};
}

}  // namespace wl::histogram
