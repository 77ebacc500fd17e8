// no-output-reset (a pitfall): a block reduce, then one atomic per block into out[0], run twice
// (as a benchmark loop runs it) with out[0] cleared only once, before the first run.
//
// The kernel is right; the host is not. An atomic finish accumulates into whatever out[0]
// holds, so the second run adds its sum to the first: twice the reference. min and max forgive
// it (max(m, m) = m), which is how the bug hides until someone sums. The fix is one host line
// before every launch, cudaMemset (or a fill with the identity), as warp-shuffle's driver does
// (kernels/families/reduce/driver.h, Finish::Atomic).
// Origin: a classic of benchmark loops around atomic reductions.
#pragma once
#include "kernels/block/block_reduce.h"
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct NoOutputReset {
  static constexpr ReduceVariantInfo info{
      "no-output-reset", "an atomic reduction run twice without clearing its output: twice the sum",
      "benchmark loops around atomic reductions", Finish::Atomic, GridShape::OnePerElement, 32,
      /*pitfall=*/true, /*deterministic_trace=*/true, /*atomics_per_block=*/1, /*in_place=*/false,
      /*reset_each_run=*/false};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return block_reduce_shared_bytes<T>(); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    Shared<T> warp_totals = shared_array<T>(ctx, 32);
    const std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
    T v = identity<Op, T>();
    if (ctx.branch(i < a.n)) v = ctx.ld(a.in, i);

    T total = block_reduce<Op>(ctx, warp_totals, v, level_step(0));
    ctx.step(kFinishStep);
    // Adds to what out[0] holds: the identity on the first run, the first run's total on the second.
    if (ctx.branch(ctx.thread_idx() == 0)) atomic_combine<Op>(ctx, a.out, 0, total);
  }
};

}  // namespace wl::reduce
