// recursive-doubling: log2 K steps; in step k rank r trades its whole buffer with rank r ^ 2^k
// and combines the two (lower rank first, so both hold the same bits). After step k every rank
// holds the combination of its group of 2^(k+1) ranks. Few steps, but each moves all n
// elements: log2 K n over links. Two buffers a rank: a step reads one and writes the other,
// so a partner never reads what is being overwritten.
// Origin: recursive doubling (MPICH's all-reduce for short messages; Thakur, Rabenseifner and Gropp, 2005).
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/allreduce/variant.h"

namespace wl::allreduce {

struct RecursiveDoubling {
  static constexpr AllReduceVariantInfo info{
      "recursive-doubling", "log2 K steps, partners at distance 1, 2, 4, ...: whole buffers traded, log2 K n over links",
      "recursive doubling (MPICH, Thakur et al.)", /*powers_of_two=*/true, /*pitfall=*/false,
      /*deterministic_trace=*/true, /*second_buffer=*/true};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return 0; }

  // Step k writes out when log2 K - 1 - k is even, so the last step writes out.
  template <class T>
  WL_DEVICE static Global<T> written(const AllReduceArgs<T>& a, unsigned steps, unsigned k, unsigned rank) {
    return (steps - 1 - k) % 2 == 0 ? a.out[rank] : a.second[rank];
  }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const AllReduceArgs<T>& a) {
    const unsigned me = ctx.rank();
    unsigned steps = 0;
    while ((1u << steps) < ctx.ranks()) ++steps;
    ctx.rank_barrier();  // every rank's input is in place
    for (unsigned k = 0; k < steps; ++k) {
      ctx.step(make_step(StepKind::Exchange, k));
      const unsigned partner = me ^ (1u << k);
      const unsigned lo = me < partner ? me : partner, hi = me < partner ? partner : me;
      for (std::uint64_t i = first_element(ctx); ctx.branch(i < a.n); i += grid_stride(ctx)) {
        T x, y;
        if (k == 0) {
          x = ctx.ld(a.in[lo], i);
          y = ctx.ld(a.in[hi], i);
        } else {
          x = ctx.ld(written(a, steps, k - 1, lo), i);
          y = ctx.ld(written(a, steps, k - 1, hi), i);
        }
        ctx.st(written(a, steps, k, me), i, Op::apply(x, y));
      }
      ctx.rank_barrier();  // the partner has written what the next step reads
    }
  }
};

}  // namespace wl::allreduce
