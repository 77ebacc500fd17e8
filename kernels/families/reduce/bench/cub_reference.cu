#include <cub/device/device_reduce.cuh>

#include "core/bits.h"
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/bench/bench_reference.h"
#include "kernels/gpu/event_timer.cuh"
#include "kernels/families/reduce/registry.h"

namespace wl {
namespace {

// Our operator as a CUB reduction functor: the same NaN and signed-zero policy.
template <class Op>
struct OpFunctor {
  template <class T>
  __device__ T operator()(const T& a, const T& b) const { return Op::apply(a, b); }
};

template <class Op, class T>
ReferenceTiming time_cub(const T* host, std::uint64_t n, int warmup, int repeats) {
  DeviceBuffer<T> in(n), out(1);
  WL_CUDA(cudaMemcpy(in.ptr, host, n * sizeof(T), cudaMemcpyHostToDevice));
  std::size_t temp_bytes = 0;
  const auto items = static_cast<std::int64_t>(n);
  WL_CUDA(cub::DeviceReduce::Reduce(nullptr, temp_bytes, in.ptr, out.ptr, items, OpFunctor<Op>{}, identity<Op, T>()));
  DeviceBuffer<unsigned char> temp(temp_bytes);
  ReferenceTiming t;
  t.median_ms = median_event_ms([&] {
    WL_CUDA(cub::DeviceReduce::Reduce(temp.ptr, temp_bytes, in.ptr, out.ptr, items, OpFunctor<Op>{}, identity<Op, T>()));
  }, warmup, repeats);
  T result;
  WL_CUDA(cudaMemcpy(&result, out.ptr, sizeof(T), cudaMemcpyDeviceToHost));
  t.result_bits = to_bits(result);
  return t;
}

}  // namespace

ReferenceTiming time_cub_reduce(const RunRequest& r, const void* input, int warmup, int repeats) {
  ReferenceTiming t;
  reduce::visit_op(r.op, [&](auto op) {
    reduce::visit_type(r.type, [&](auto type) {
      using T = typename decltype(type)::type;
      t = time_cub<typename decltype(op)::type>(static_cast<const T*>(input), r.n, warmup, repeats);
    });
  });
  return t;
}

ReferenceTiming time_device_copy(std::uint64_t bytes, int warmup, int repeats) {
  DeviceBuffer<unsigned char> a(bytes), b(bytes);
  WL_CUDA(cudaMemset(a.ptr, 0x5A, bytes));
  ReferenceTiming t;
  t.median_ms = median_event_ms([&] { WL_CUDA(cudaMemcpyAsync(b.ptr, a.ptr, bytes, cudaMemcpyDeviceToDevice)); },
                                warmup, repeats);
  return t;
}

}  // namespace wl
