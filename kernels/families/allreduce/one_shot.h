// one-shot: every rank reads the whole of every rank's input and combines it locally, in rank
// order, into its own output. One step and two barriers: the fewest round trips, so the
// fastest for short messages, but each rank moves (K - 1) n elements over the links, so it
// falls behind the ring as n grows.
// Origin: NCCL's one-shot LSA all-reduce for small messages.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/allreduce/variant.h"

namespace wl::allreduce {

struct OneShot {
  static constexpr AllReduceVariantInfo info{
      "one-shot", "each rank reads every rank's whole input and combines it: (K - 1) n elements over links, one step",
      "NCCL's one-shot LSA all-reduce", false, false, true, false,
      true};  // grid_over_n: a thread an element, so a short message waits for one round of peer loads, not several

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return 0; }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const AllReduceArgs<T>& a) {
    const unsigned me = ctx.rank();
    ctx.rank_barrier();  // every rank's input is in place
    ctx.step(make_step(StepKind::Exchange, 0));
    for (std::uint64_t i = first_element(ctx); ctx.branch(i < a.n); i += grid_stride(ctx)) {
      T v = ctx.ld(a.in[0], i);
      for (unsigned q = 1; q < ctx.ranks(); ++q) {  // rank order: every rank gets the same bits
        T x = ctx.ld(a.in[q], i);
        v = Op::apply(v, x);
      }
      ctx.st(a.out[me], i, v);
    }
    ctx.rank_barrier();  // no rank changes its input while a peer may still read it
  }
};

}  // namespace wl::allreduce
