// interleaved-strided: the same tree, but thread tid works on index = 2 * s * tid.
//
// The active threads are now contiguous, so whole warps retire and divergence disappears
// until fewer than 32 threads remain. The price: the strided index makes lanes of one warp
// hit the same shared-memory bank, so loads and stores are replayed (bank conflicts).
// Origin: Harris kernel 2, cuda-samples reduce1.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct InterleavedStrided {
  static constexpr ReduceVariantInfo info{
      "interleaved-strided", "index = 2*s*tid: no divergence, but strided bank conflicts",
      "Harris kernel 2, cuda-samples reduce1", Finish::Partials, GridShape::OnePerElement, 1};

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
