// two-shot: a reduce-scatter by peer loads, then an all-gather by peer stores. Rank r combines
// chunk r from every rank, then stores the result into chunk r of every rank's output. Each
// rank moves 2 (K - 1) / K n elements over the links, like the ring, in two steps instead of
// 2 (K - 1); every link carries traffic in every step.
// Origin: NCCL's LSA all-reduce example (examples/06_device_api).
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/allreduce/variant.h"

namespace wl::allreduce {

struct TwoShot {
  static constexpr AllReduceVariantInfo info{
      "two-shot", "rank r combines chunk r from every rank, then stores it into every rank: 2 (K - 1) / K n over links",
      "NCCL's LSA all-reduce example"};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return 0; }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const AllReduceArgs<T>& a) {
    const unsigned me = ctx.rank(), ranks = ctx.ranks();
    const std::uint64_t begin = chunk_begin(a.n, ranks, me), end = chunk_begin(a.n, ranks, me + 1);
    ctx.rank_barrier();  // every rank's input is in place
    for (std::uint64_t i = begin + first_element(ctx); ctx.branch(i < end); i += grid_stride(ctx)) {
      ctx.step(make_step(StepKind::ReduceScatter, 0));
      T v = ctx.ld(a.in[0], i);
      for (unsigned q = 1; q < ranks; ++q) {
        T x = ctx.ld(a.in[q], i);
        v = Op::apply(v, x);
      }
      ctx.step(make_step(StepKind::AllGather, 0));
      for (unsigned q = 0; q < ranks; ++q) ctx.st(a.out[q], i, v);
    }
    ctx.rank_barrier();  // every rank's stores have landed before any rank reads its output
  }
};

}  // namespace wl::allreduce
