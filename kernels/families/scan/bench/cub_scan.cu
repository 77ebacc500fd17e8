// What `warplens bench` measures scan variants against, in the same run: CUB's DeviceScan, on
// the same terms as the variants (the input rotated through copies when it fits in L2, timed as
// the TimingPlan says). Sums call InclusiveSum or ExclusiveSum, CUB's fastest form; other
// operators InclusiveScan, or ExclusiveScan seeded with the identity, with our operator.
#include <cub/device/device_scan.cuh>

#include <type_traits>

#include "kernels/dialect/dialect.h"
#include "kernels/families/scan/plan.h"
#include "kernels/families/scan/reference.h"
#include "kernels/families/scan/traits.h"
#include "kernels/gpu/event_timer.cuh"
#include "kernels/gpu/op_functor.cuh"
#include "kernels/gpu/item_count.cuh"
#include "kernels/gpu/l2_rotation.cuh"

namespace wl::scan {
namespace {

template <class Op, class T>
GpuTime time_cub(const T* host, std::uint64_t n, bool exclusive, const TimingPlan& timing) {
  const L2Rotation rotation = l2_rotation(n * sizeof(T));
  const std::size_t stride = rotation.stride_bytes / sizeof(T);
  DeviceBuffer<T> in(rotation.copies * stride), out(n);
  fill_rotation(reinterpret_cast<unsigned char*>(in.ptr), rotation, host, n);
  auto scan = [&](void* temp, std::size_t& bytes, const T* from) {
    return visit_item_count(n, [&](auto items) {
      if constexpr (std::is_same_v<Op, SumOp>) {  // CUB's own sum, tuned for the H100
        if (exclusive) return cub::DeviceScan::ExclusiveSum(temp, bytes, from, out.ptr, items);
        return cub::DeviceScan::InclusiveSum(temp, bytes, from, out.ptr, items);
      } else {
        if (exclusive)
          return cub::DeviceScan::ExclusiveScan(temp, bytes, from, out.ptr, OpFunctor<Op>{}, identity<Op, T>(), items);
        return cub::DeviceScan::InclusiveScan(temp, bytes, from, out.ptr, OpFunctor<Op>{}, items);
      }
    });
  };
  std::size_t temp_bytes = 0;
  WL_CUDA(scan(nullptr, temp_bytes, in.ptr));
  DeviceBuffer<unsigned char> temp(temp_bytes);
  GpuTime t;
  std::size_t run = 0;
  t.ms = median_event_ms([&] { WL_CUDA(scan(temp.ptr, temp_bytes, in.ptr + run++ % rotation.copies * stride)); },
                         timing);
  std::vector<T> result(n);
  if (n) WL_CUDA(cudaMemcpy(result.data(), out.ptr, n * sizeof(T), cudaMemcpyDeviceToHost));
  const std::vector<T> input(host, host + n);
  // CUB's combining order is its own: the bound is that of any order, n - 1.
  t.ok = check_scan<Op>(input, result, exclusive, n ? n - 1 : 0).ok;
  return t;
}

}  // namespace

GpuTime time_cub_scan(const RunRequest& r, const void* input, const TimingPlan& timing) {
  GpuTime t;
  visit_op_in(Traits::Ops{}, r.op, [&](auto op) {
    visit_type_in(Traits::Types{}, r.type, [&](auto type) {
      using T = typename decltype(type)::type;
      t = time_cub<typename decltype(op)::type>(static_cast<const T*>(input), r.n, is_exclusive(r), timing);
    });
  });
  return t;
}

}  // namespace wl::scan
