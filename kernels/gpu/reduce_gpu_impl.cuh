// The GPU side of the driver's backend interface, and the typed entry points built on it.
// Included only by the per-variant instantiation files.
#pragma once
#include <algorithm>
#include <vector>

#include "kernels/gpu/event_timer.cuh"
#include "kernels/gpu/cuda_check.cuh"
#include "kernels/gpu/gpu_context.cuh"
#include "kernels/gpu/reduce_gpu_typed.h"
#include "kernels/families/reduce/registry.h"
#include "kernels/host/reduce_driver.h"
#include "kernels/host/run_recorder.h"

namespace wl {

// The plain __global__ wrapper: one per variant, operator, type and recorder.
template <class V, class Op, class T, class Rec>
__global__ void reduce_kernel(reduce::ReduceArgs<T> args, Rec rec) {
  GpuCtx<Rec> ctx(rec);
  V::template run<Op, T>(ctx, args);
}

template <class T>
__global__ void fill_kernel(T* p, std::uint64_t n, T value) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(blockDim.x) * gridDim.x)
    p[i] = value;
}

class GpuBackend {
 public:
  // trace: where to record, or nullptr (timing runs).
  GpuBackend(const ReduceRequest& request, Trace* trace)
      : request_(request), recorder_(trace && request.record ? trace : nullptr) {}
  ~GpuBackend() {
    for (void* p : allocations_) cudaFree(p);
  }
  GpuBackend(const GpuBackend&) = delete;
  GpuBackend& operator=(const GpuBackend&) = delete;

  template <class T>
  Global<T> alloc(std::uint64_t n, const std::string& name, BufferRole role) {
    return Global<T>{device_alloc<T>(n), n, recorder_.add_buffer(name, element_type_name<T>(), role, n)};
  }
  template <class T>
  Global<const T> upload(const std::vector<T>& input) {
    Global<T> device = alloc<T>(input.size(), "input", BufferRole::Input);
    if (!input.empty())
      WL_CUDA(cudaMemcpy(device.ptr, input.data(), input.size() * sizeof(T), cudaMemcpyHostToDevice));
    return Global<const T>{device.ptr, device.size, device.buffer};
  }
  template <class T>
  void fill(Global<T> g, T value) {
    const unsigned blocks = unsigned(std::min<std::uint64_t>((g.size + 255) / 256, 1024));
    fill_kernel<<<blocks, 256>>>(g.ptr, g.size, value);
    WL_CUDA(cudaGetLastError());
  }
  template <class T>
  T read(Global<T> g, std::uint64_t i) {
    T v;
    WL_CUDA(cudaMemcpy(&v, g.ptr + i, sizeof(T), cudaMemcpyDeviceToHost));
    return v;
  }
  template <class V, class Op, class T>
  void launch(const Pass& pass, unsigned block, const reduce::ReduceArgs<T>& args, bool record) {
    const unsigned smem = V::template shared_bytes<T>(block);
    if (!record) {
      reduce_kernel<V, Op, T, NoRecorder><<<pass.grid, block, smem>>>(args, NoRecorder{});
      WL_CUDA(cudaGetLastError());
      return;
    }
    recorder_.begin_launch(launch_record<V>(pass, block, smem));
    DeviceRecorder rec = make_recorder(pass.grid);
    reduce_kernel<V, Op, T, DeviceRecorder><<<pass.grid, block, smem>>>(args, rec);
    WL_CUDA(cudaGetLastError());
    WL_CUDA(cudaDeviceSynchronize());
    unsigned long long offered = 0;
    WL_CUDA(cudaMemcpy(&offered, rec.count, sizeof offered, cudaMemcpyDeviceToHost));
    const unsigned long long kept = std::min<unsigned long long>(offered, rec.cap);
    std::vector<Event> events(kept);
    WL_CUDA(cudaMemcpy(events.data(), rec.events, kept * sizeof(Event), cudaMemcpyDeviceToHost));
    recorder_.add_events(std::move(events), offered - kept);
  }
  void finish_trace() { recorder_.finish(); }

 private:
  // Device memory that is not one of the run's buffers (the recorder's own).
  template <class T>
  T* device_alloc(std::uint64_t n) {
    void* p = nullptr;
    WL_CUDA(cudaMalloc(&p, std::max<std::uint64_t>(n, 1) * sizeof(T)));
    allocations_.push_back(p);
    return static_cast<T*>(p);
  }
  DeviceRecorder make_recorder(unsigned grid) {
    DeviceRecorder rec;
    rec.cap = request_.event_cap;
    rec.events = device_alloc<Event>(rec.cap);
    rec.count = device_alloc<unsigned long long>(1);
    WL_CUDA(cudaMemset(rec.count, 0, sizeof(unsigned long long)));
    std::vector<unsigned> bits((grid + 31) / 32, 0);
    for (std::uint32_t b : request_.record_blocks)
      if (b < grid) bits[b / 32] |= 1u << (b % 32);
    unsigned* device_bits = device_alloc<unsigned>(bits.size());
    WL_CUDA(cudaMemcpy(device_bits, bits.data(), bits.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
    rec.block_bits = device_bits;
    rec.block_bit_words = unsigned(bits.size());
    return rec;
  }

  const ReduceRequest& request_;
  RunRecorder recorder_;
  std::vector<void*> allocations_;
};

template <class V, class Op, class T>
ReduceOutcome run_gpu_typed(const ReduceRequest& r, const T* data) {
  ReduceOutcome out;
  out.backend = "gpu";
  const std::vector<T> input = r.n ? std::vector<T>(data, data + r.n) : std::vector<T>();
  GpuBackend backend(r, &out.trace);
  // read() copies the result back with cudaMemcpy, which waits for the launches and reports
  // their errors.
  run_on_backend<V, Op>(backend, r, input, out);
  return out;
}

template <class V, class Op, class T>
GpuTiming time_gpu_typed(const ReduceRequest& r, const T* data, int warmup, int repeats) {
  const std::vector<T> input = r.n ? std::vector<T>(data, data + r.n) : std::vector<T>();
  const std::vector<Pass> passes = plan_passes(V::info, r.n, r.block, r.sm_count);
  GpuBackend backend(r, nullptr);
  const Global<const T> in = backend.upload(input);
  const ReduceBuffers<T> buffers = allocate_buffers<V, T>(backend, passes);

  GpuTiming timing;
  timing.median_ms = median_event_ms(
      [&] { launch_passes<V, Op>(backend, in, buffers, passes, r.block, false); }, warmup, repeats);
  const T result = read_result<V, Op>(backend, buffers, passes);
  timing.result_bits = to_bits(result);
  timing.result_ok = check_reduction<Op>(input, result, combine_depth(V::info, passes, r.block)).ok;
  return timing;
}

}  // namespace wl

namespace wl {

// Instantiates both entry points of variant V for every operator and type the family runs
// (kernels/families/reduce/registry.h), so reduce_gpu.cpp links to them from plain C++. It
// returns their addresses: an address the compiler could drop would not make it emit them.
using EntryPoint = void (*)();
template <class V>
std::vector<EntryPoint> instantiate_gpu_variant() {
  std::vector<EntryPoint> entry_points;
  for_each_type(reduce::AllOps{}, [&](auto op) {
    for_each_type(reduce::AllTypes{}, [&](auto type) {
      using Op = typename decltype(op)::type;
      using T = typename decltype(type)::type;
      entry_points.push_back(reinterpret_cast<EntryPoint>(&run_gpu_typed<V, Op, T>));
      entry_points.push_back(reinterpret_cast<EntryPoint>(&time_gpu_typed<V, Op, T>));
    });
  });
  return entry_points;
}

}  // namespace wl
