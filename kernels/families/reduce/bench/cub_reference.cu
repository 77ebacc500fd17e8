#include <cub/device/device_reduce.cuh>

#include <type_traits>

#include "core/bits.h"
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/bench/bench_reference.h"
#include "kernels/gpu/event_timer.cuh"
#include "kernels/gpu/item_count.cuh"
#include "kernels/gpu/op_functor.cuh"
#include "kernels/gpu/l2_rotation.cuh"
#include "kernels/families/reduce/traits.h"

namespace wl {
namespace {

template <class Op, class T>
ReferenceTiming time_cub(const T* host, std::uint64_t n, const TimingPlan& timing) {
  const L2Rotation rotation = l2_rotation(n * sizeof(T));
  const std::size_t stride = rotation.stride_bytes / sizeof(T);
  DeviceBuffer<T> in(rotation.copies * stride), out(1);
  fill_rotation(reinterpret_cast<unsigned char*>(in.ptr), rotation, host, n);
  auto reduce = [&](void* temp, std::size_t& bytes, const T* from) {
    return visit_item_count(n, [&](auto items) {
      if constexpr (std::is_same_v<Op, SumOp>)  // CUB's own sum
        return cub::DeviceReduce::Sum(temp, bytes, from, out.ptr, items);
      else
        return cub::DeviceReduce::Reduce(temp, bytes, from, out.ptr, items, OpFunctor<Op>{}, identity<Op, T>());
    });
  };
  std::size_t temp_bytes = 0;
  WL_CUDA(reduce(nullptr, temp_bytes, in.ptr));
  DeviceBuffer<unsigned char> temp(temp_bytes);
  ReferenceTiming t;
  std::size_t run = 0;
  t.median_ms = median_event_ms([&] {
    const T* copy = in.ptr + run++ % rotation.copies * stride;
    WL_CUDA(reduce(temp.ptr, temp_bytes, copy));
  }, timing);
  T result;
  WL_CUDA(cudaMemcpy(&result, out.ptr, sizeof(T), cudaMemcpyDeviceToHost));
  t.result_bits = to_bits(result);
  return t;
}

}  // namespace

ReferenceTiming time_cub_reduce(const RunRequest& r, const void* input, const TimingPlan& timing) {
  ReferenceTiming t;
  visit_op_in(reduce::Traits::Ops{}, r.op, [&](auto op) {
    visit_type_in(reduce::Traits::Types{}, r.type, [&](auto type) {
      using T = typename decltype(type)::type;
      t = time_cub<typename decltype(op)::type>(static_cast<const T*>(input), r.n, timing);
    });
  });
  return t;
}

}  // namespace wl
