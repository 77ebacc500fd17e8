// The GPU side of the driver's backend interface, and the typed entry points built on it.
// Included only by the per-variant instantiation files.
#pragma once
#include <algorithm>
#include <vector>

#include "kernels/gpu/event_timer.cuh"
#include "kernels/gpu/cuda_check.cuh"
#include "kernels/gpu/gpu_context.cuh"
#include "kernels/gpu/reduce_gpu_typed.h"
#include "kernels/host/reduce_driver.h"

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
  GpuBackend(const ReduceRequest& request, Trace* trace) : request_(request), trace_(trace) {}
  ~GpuBackend() {
    for (void* p : allocations_) cudaFree(p);
  }
  GpuBackend(const GpuBackend&) = delete;
  GpuBackend& operator=(const GpuBackend&) = delete;

  template <class T>
  Global<T> alloc(std::uint64_t n, Buffer buffer) {
    void* p = nullptr;
    WL_CUDA(cudaMalloc(&p, std::max<std::uint64_t>(n, 1) * sizeof(T)));
    allocations_.push_back(p);
    return Global<T>{static_cast<T*>(p), n, buffer};
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
    DeviceRecorder rec = make_recorder(pass.grid);
    reduce_kernel<V, Op, T, DeviceRecorder><<<pass.grid, block, smem>>>(args, rec);
    WL_CUDA(cudaGetLastError());
    WL_CUDA(cudaDeviceSynchronize());
    unsigned long long offered = 0;
    WL_CUDA(cudaMemcpy(&offered, rec.count, sizeof offered, cudaMemcpyDeviceToHost));
    const unsigned long long kept = std::min<unsigned long long>(offered, rec.cap);
    trace_->events.resize(kept);
    WL_CUDA(cudaMemcpy(trace_->events.data(), rec.events, kept * sizeof(Event), cudaMemcpyDeviceToHost));
    trace_->meta.events_dropped = offered - kept;
    sort_canonical(trace_->events);
  }

 private:
  DeviceRecorder make_recorder(unsigned grid) {
    DeviceRecorder rec;
    rec.cap = request_.event_cap;
    rec.events = alloc<Event>(rec.cap, Buffer::None).ptr;
    rec.count = alloc<unsigned long long>(1, Buffer::None).ptr;
    WL_CUDA(cudaMemset(rec.count, 0, sizeof(unsigned long long)));
    std::vector<unsigned> bits((grid + 31) / 32, 0);
    for (std::uint32_t b : request_.record_blocks)
      if (b < grid) bits[b / 32] |= 1u << (b % 32);
    unsigned* device_bits = alloc<unsigned>(bits.size(), Buffer::None).ptr;
    WL_CUDA(cudaMemcpy(device_bits, bits.data(), bits.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
    rec.block_bits = device_bits;
    rec.block_bit_words = unsigned(bits.size());
    return rec;
  }

  const ReduceRequest& request_;
  Trace* trace_;
  std::vector<void*> allocations_;
};

template <class T>
Global<const T> upload(GpuBackend& backend, const T* host, std::uint64_t n) {
  Global<T> device = backend.alloc<T>(n, Buffer::Input);
  if (n > 0) WL_CUDA(cudaMemcpy(device.ptr, host, n * sizeof(T), cudaMemcpyHostToDevice));
  return Global<const T>{device.ptr, n, Buffer::Input};
}

template <class V, class Op, class T>
ReduceOutcome run_gpu_typed(const ReduceRequest& r, const T* data) {
  ReduceOutcome out;
  out.backend = "gpu";
  const std::vector<T> input = r.n ? std::vector<T>(data, data + r.n) : std::vector<T>();
  GpuBackend backend(r, &out.trace);
  // read() copies the result back with cudaMemcpy, which waits for the launches and reports
  // their errors.
  run_on_backend<V, Op>(backend, r, input, upload(backend, input.data(), r.n), out);
  return out;
}

template <class V, class Op, class T>
GpuTiming time_gpu_typed(const ReduceRequest& r, const T* data, int warmup, int repeats) {
  const std::vector<T> input = r.n ? std::vector<T>(data, data + r.n) : std::vector<T>();
  const std::vector<Pass> passes = plan_passes(V::info, r.n, r.block, r.sm_count);
  GpuBackend backend(r, nullptr);
  const Global<const T> in = upload(backend, input.data(), r.n);
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

// Instantiates both entry points for one variant across every operator and type.
#define WL_INSTANTIATE_GPU_VARIANT(V)                                                          \
  namespace wl {                                                                               \
  template ReduceOutcome run_gpu_typed<V, SumOp, std::int32_t>(const ReduceRequest&, const std::int32_t*); \
  template ReduceOutcome run_gpu_typed<V, SumOp, float>(const ReduceRequest&, const float*);    \
  template ReduceOutcome run_gpu_typed<V, SumOp, double>(const ReduceRequest&, const double*);  \
  template ReduceOutcome run_gpu_typed<V, MinOp, std::int32_t>(const ReduceRequest&, const std::int32_t*); \
  template ReduceOutcome run_gpu_typed<V, MinOp, float>(const ReduceRequest&, const float*);    \
  template ReduceOutcome run_gpu_typed<V, MinOp, double>(const ReduceRequest&, const double*);  \
  template ReduceOutcome run_gpu_typed<V, MaxOp, std::int32_t>(const ReduceRequest&, const std::int32_t*); \
  template ReduceOutcome run_gpu_typed<V, MaxOp, float>(const ReduceRequest&, const float*);    \
  template ReduceOutcome run_gpu_typed<V, MaxOp, double>(const ReduceRequest&, const double*);  \
  template ReduceOutcome run_gpu_typed<V, ProductOp, std::int32_t>(const ReduceRequest&, const std::int32_t*); \
  template ReduceOutcome run_gpu_typed<V, ProductOp, float>(const ReduceRequest&, const float*); \
  template ReduceOutcome run_gpu_typed<V, ProductOp, double>(const ReduceRequest&, const double*); \
  template GpuTiming time_gpu_typed<V, SumOp, std::int32_t>(const ReduceRequest&, const std::int32_t*, int, int); \
  template GpuTiming time_gpu_typed<V, SumOp, float>(const ReduceRequest&, const float*, int, int); \
  template GpuTiming time_gpu_typed<V, SumOp, double>(const ReduceRequest&, const double*, int, int); \
  template GpuTiming time_gpu_typed<V, MinOp, std::int32_t>(const ReduceRequest&, const std::int32_t*, int, int); \
  template GpuTiming time_gpu_typed<V, MinOp, float>(const ReduceRequest&, const float*, int, int); \
  template GpuTiming time_gpu_typed<V, MinOp, double>(const ReduceRequest&, const double*, int, int); \
  template GpuTiming time_gpu_typed<V, MaxOp, std::int32_t>(const ReduceRequest&, const std::int32_t*, int, int); \
  template GpuTiming time_gpu_typed<V, MaxOp, float>(const ReduceRequest&, const float*, int, int); \
  template GpuTiming time_gpu_typed<V, MaxOp, double>(const ReduceRequest&, const double*, int, int); \
  template GpuTiming time_gpu_typed<V, ProductOp, std::int32_t>(const ReduceRequest&, const std::int32_t*, int, int); \
  template GpuTiming time_gpu_typed<V, ProductOp, float>(const ReduceRequest&, const float*, int, int); \
  template GpuTiming time_gpu_typed<V, ProductOp, double>(const ReduceRequest&, const double*, int, int); \
  }
