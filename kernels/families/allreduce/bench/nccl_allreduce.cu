// What the all-reduce is timed against: ncclAllReduce itself, on the same GPUs, from buffers in
// the same memory (ncclMemAlloc), on the same input, timed the same way (the slowest rank).
#include "kernels/families/allreduce/traits.h"
#include "kernels/gpu/gpu_measure.h"
#include "kernels/gpu/rank_backend.cuh"

namespace wl::allreduce {
namespace {

template <class T>
ncclDataType_t nccl_type() {
  return std::is_same_v<T, float> ? ncclFloat32 : ncclInt32;
}
template <class Op>
ncclRedOp_t nccl_op() {
  return std::is_same_v<Op, MinOp> ? ncclMin : std::is_same_v<Op, MaxOp> ? ncclMax : ncclSum;
}

}  // namespace

GpuTime Traits::time_library(const RunRequest& r, const void* input, const TimingPlan& timing) {
  GpuTime out;
  visit_op_and_type<Traits>(r, [&](auto op, auto type) {
    using Op = typename decltype(op)::type;
    using T = typename decltype(type)::type;
    const unsigned ranks = ranks_of(r);
    GpuRanksBackend backend(record_options(r), ranks);
    const std::vector<T> data = typed_input<Traits, T>(r, input);
    std::vector<Global<T>> in(ranks), result(ranks);
    for (unsigned q = 0; q < ranks; ++q) {
      in[q] = backend.alloc<T>(r.n, "input", BufferRole::Input, q);
      result[q] = backend.alloc<T>(r.n, "output", BufferRole::Output, q);
      backend.copy(Global<const T>{data.data() + q * r.n, r.n, kNoBuffer}, in[q]);
    }
    const NcclApi& api = backend.api();
    auto all_reduce = [&] {
      nccl_check(api, api.GroupStart(), "ncclGroupStart");
      for (unsigned q = 0; q < ranks; ++q)
        api.AllReduce(in[q].ptr, result[q].ptr, r.n, nccl_type<T>(), nccl_op<Op>(), backend.comm(q), backend.stream(q));
      nccl_check(api, api.GroupEnd(), "ncclAllReduce");
    };
    out.ms = backend.median_ms(all_reduce, timing);
    std::vector<T> values;
    for (unsigned q = 0; q < ranks; ++q) {
      const std::vector<T> mine = backend.read_all(result[q]);
      values.insert(values.end(), mine.begin(), mine.end());
    }
    out.ok = check_allreduce<Op>(data, values, ranks).ok;
    out.result_bits = values.empty() ? 0 : to_bits(values.front());
  });
  return out;
}

GpuTime Traits::time_roofline(const RunRequest& r, const TimingPlan& timing) {
  const std::optional<ValueType> type = parse_value_type(r.type);
  const std::uint64_t bytes = r.n * (type ? value_type_bytes(*type) : 4);
  return GpuTime{time_peer_copy_ms(bytes, timing), true};
}

}  // namespace wl::allreduce
