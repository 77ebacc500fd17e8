// atomic-global: every thread atomically combines its element into one global value.
//
// The shortest correct parallel reduction, and the slowest: all n atomics target one address,
// so the memory system serializes them. Every later variant exists to avoid this.
// Origin: the usual "naive" starting point before the classic reduction deck (Harris, kernel 0).
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct AtomicGlobal {
  static constexpr ReduceVariantInfo info{
      "atomic-global", "every thread atomically adds its element into one global value",
      "naive baseline, before Harris kernel 1", Finish::Atomic, GridShape::OnePerElement, 1,
      /*pitfall=*/false, /*deterministic_trace=*/true, /*atomics_per_block=*/0};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return 0; }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    const std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
    if (ctx.branch(i < a.n)) {
      T v = ctx.ld(a.in, i);
      ctx.step(kFinishStep);
      atomic_combine<Op>(ctx, a.out, 0, v);
    }
  }
};

}  // namespace wl::reduce
