// exercise: Reduce without bank conflicts
// run: --n 4096 --block 256 --type i32
// goal: correct
// goal: bank_conflicts == 0
// goal: divergent_warps <= interleaved-strided
// goal: span <= 64
// solution: sequential
//
// The tree no longer diverges, but thread tid works at index 2*s*tid: lanes of one warp touch
// words 2*s apart, which fall in the same shared-memory bank, and the accesses are replayed
// (the bank view shows them). Change which pairs are added, not how many: start the stride at
// half the block and halve it, so that consecutive threads read consecutive words. The active
// threads must stay contiguous, or divergence comes back (the third goal).
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct NoBankConflicts02 {
  static constexpr ReduceVariantInfo info{
      "02-no-bank-conflicts", "exercise: the tree of interleaved-strided without its bank conflicts",
      "WarpLens exercise 02, after Harris kernels 2 and 3", Finish::Partials, GridShape::OnePerElement, 1};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned block) { return shared_array_bytes<T>(block); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    Shared<T> sdata = shared_array<T>(ctx, ctx.block_dim());
    const unsigned tid = ctx.thread_idx();
    const std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + tid;

    T v = identity<Op, T>();
    if (ctx.branch(i < a.n)) v = ctx.ld(a.in, i);
    ctx.st(sdata, tid, v);
    ctx.sync();

    unsigned level = 0;
    for (unsigned s = 1; s < ctx.block_dim(); s *= 2, ++level) {
      ctx.step(level_step(level));
      const unsigned index = 2 * s * tid;
      if (ctx.branch(index < ctx.block_dim())) {
        T left = ctx.ld(sdata, index);
        T right = ctx.ld(sdata, index + s);
        ctx.st(sdata, index, Op::apply(left, right));
      }
      ctx.sync();
    }

    ctx.step(kFinishStep);
    if (ctx.branch(tid == 0)) {
      T total = ctx.ld(sdata, 0);
      ctx.st(a.out, ctx.block_idx(), total);
    }
  }
};

}  // namespace wl::reduce
