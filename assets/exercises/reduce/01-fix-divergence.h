// exercise: Reduce without divergence
// run: --n 4096 --block 256 --type i32
// goal: correct
// goal: divergent_warps < interleaved-divergent
// goal: span <= 64
// solution: interleaved-strided
//
// This is Harris's first tree reduction: at stride s, the threads with tid % (2*s) == 0 add
// sdata[tid + s] into sdata[tid]. The working threads are scattered over every warp, so every
// warp with work diverges at every level. Keep the same tree (same pairs, same number of
// levels), but let the first threads of the block do the work: map thread tid to the index
// 2*s*tid, so that whole warps are either busy or idle. Watch the divergence column shrink.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct FixDivergence01 {
  static constexpr ReduceVariantInfo info{
      "01-fix-divergence", "exercise: the tree of interleaved-divergent without its divergent branch",
      "WarpLens exercise 01, after Harris kernels 1 and 2", Finish::Partials, GridShape::OnePerElement, 1};

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
      if (ctx.branch(tid % (2 * s) == 0)) {
        T left = ctx.ld(sdata, tid);
        T right = ctx.ld(sdata, tid + s);
        ctx.st(sdata, tid, Op::apply(left, right));
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
