// interleaved-divergent: a tree in shared memory; at stride s, threads with tid % (2s) == 0
// combine sdata[tid] and sdata[tid + s].
//
// The first tree reduction: log2(block) levels instead of n atomics. Its flaw is the branch:
// the active threads are scattered across every warp, so every warp with work diverges at
// every level, and the % is slow.
// Origin: Harris, "Optimizing Parallel Reduction in CUDA", kernel 1; cuda-samples reduce0.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct InterleavedDivergent {
  static constexpr ReduceVariantInfo info{
      "interleaved-divergent", "tree with tid % (2*s) == 0: every warp diverges at every level",
      "Harris kernel 1, cuda-samples reduce0", Finish::Partials, GridShape::OnePerElement, 1};

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
