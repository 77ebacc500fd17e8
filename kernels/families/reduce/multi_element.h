// multi-element: a fixed grid; each thread walks the input with a grid-sized stride, adding
// two elements per step into a register, before the block tree runs once.
//
// Earlier kernels launch one block per 2*B elements and pay the tree (and its barriers) for
// every block. Here a capped grid does the bulk of the work in registers, with perfectly
// coalesced loads; the tree only combines one value per thread. This is Brent's theorem:
// give each thread O(log n) sequential work to cut the cost of the parallel steps.
// Origin: Harris kernel 7, cuda-samples reduce6.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct MultiElement {
  static constexpr ReduceVariantInfo info{
      "multi-element", "capped grid, grid-stride loop: many elements per thread in registers",
      "Harris kernel 7, cuda-samples reduce6", Finish::Partials, GridShape::GridStride, 64};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned block) { return shared_array_bytes<T>(block); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    Shared<T> sdata = shared_array<T>(ctx, ctx.block_dim());
    const unsigned tid = ctx.thread_idx();
    const unsigned block = ctx.block_dim();
    const std::uint64_t stride = std::uint64_t(block) * 2 * ctx.grid_dim();

    T v = identity<Op, T>();
    for (std::uint64_t i = std::uint64_t(ctx.block_idx()) * block * 2 + tid;
         ctx.branch(i < a.n); i += stride) {
      T first = ctx.ld(a.in, i);
      v = Op::apply(v, first);
      if (ctx.branch(i + block < a.n)) {
        T second = ctx.ld(a.in, i + block);
        v = Op::apply(v, second);
      }
    }
    ctx.st(sdata, tid, v);
    ctx.sync();

    unsigned level = 0;
    for (unsigned s = block / 2; s > 32; s >>= 1, ++level) {
      ctx.step(level_step(level));
      if (ctx.branch(tid < s)) {
        T left = ctx.ld(sdata, tid);
        T right = ctx.ld(sdata, tid + s);
        ctx.st(sdata, tid, Op::apply(left, right));
      }
      ctx.sync();
    }

    ctx.step(level_step(level));
    if (ctx.branch(tid < 32)) {
      T mine = ctx.ld(sdata, tid);
      T other = ctx.ld(sdata, tid + 32);
      v = Op::apply(mine, other);
      for (unsigned offset = 16; offset > 0; offset /= 2) {
        ctx.step(level_step(++level));
        T received = ctx.shfl_down(0xffffffffu, v, offset);
        v = Op::apply(v, received);
      }
      ctx.step(kFinishStep);
      if (ctx.branch(tid == 0)) ctx.st(a.out, ctx.block_idx(), v);
    }
  }
};

}  // namespace wl::reduce
