// complete-unroll: the block size becomes a template parameter, so every level of the tree is
// unrolled and every test of the block size is decided by the compiler.
//
// The loop in unroll-last-warp still pays for its counter and its compare at every level. With
// the block size known at compile time there is no loop left, and branches such as
// `if (B >= 512)` cost nothing. run() picks the instantiation for the launch's block size with
// a switch on blockDim (the same branch for every thread, so it never diverges).
// Origin: Harris kernel 6, cuda-samples reduce5.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct CompleteUnroll {
  static constexpr ReduceVariantInfo info{
      "complete-unroll", "block size as a template parameter: the whole tree is unrolled",
      "Harris kernel 6, cuda-samples reduce5", Finish::Partials, GridShape::TwoPerThread, 64};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned block) { return shared_array_bytes<T>(block); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    switch (ctx.block_dim()) {
      case 64: run_sized<64, Op>(ctx, a); break;
      case 128: run_sized<128, Op>(ctx, a); break;
      case 256: run_sized<256, Op>(ctx, a); break;
      case 512: run_sized<512, Op>(ctx, a); break;
      case 1024: run_sized<1024, Op>(ctx, a); break;
    }
  }

  // One tree level with stride S, unrolled: only instantiated when the block is big enough.
  template <unsigned B, unsigned S, class Op, class T, class Ctx>
  WL_DEVICE static void level(Ctx& ctx, Shared<T> sdata, unsigned tid, unsigned& lvl) {
    if constexpr (B >= 2 * S && S > 32) {
      ctx.step(level_step(lvl++));
      if (ctx.branch(tid < S)) {
        T left = ctx.ld(sdata, tid);
        T right = ctx.ld(sdata, tid + S);
        ctx.st(sdata, tid, Op::apply(left, right));
      }
      ctx.sync();
    }
  }

  template <unsigned B, class Op, class T, class Ctx>
  WL_DEVICE static void run_sized(Ctx& ctx, const ReduceArgs<T>& a) {
    Shared<T> sdata = shared_array<T>(ctx, B);
    const unsigned tid = ctx.thread_idx();
    const std::uint64_t i = std::uint64_t(ctx.block_idx()) * (B * 2) + tid;

    T v = identity<Op, T>();
    if (ctx.branch(i < a.n)) v = ctx.ld(a.in, i);
    if (ctx.branch(i + B < a.n)) {
      T second = ctx.ld(a.in, i + B);
      v = Op::apply(v, second);
    }
    ctx.st(sdata, tid, v);
    ctx.sync();

    unsigned lvl = 0;  // tree levels done so far
    level<B, 512, Op>(ctx, sdata, tid, lvl);
    level<B, 256, Op>(ctx, sdata, tid, lvl);
    level<B, 128, Op>(ctx, sdata, tid, lvl);
    level<B, 64, Op>(ctx, sdata, tid, lvl);

    ctx.step(level_step(lvl++));
    if (ctx.branch(tid < 32)) {
      T mine = ctx.ld(sdata, tid);
      T other = ctx.ld(sdata, tid + 32);
      v = Op::apply(mine, other);
WL_UNROLL
      for (unsigned offset = 16; offset > 0; offset /= 2) {
        ctx.step(level_step(lvl++));
        T received = ctx.shfl_down(0xffffffffu, v, offset);
        v = Op::apply(v, received);
      }
      ctx.step(kFinishStep);
      if (ctx.branch(tid == 0)) ctx.st(a.out, ctx.block_idx(), v);
    }
  }
};

}  // namespace wl::reduce
