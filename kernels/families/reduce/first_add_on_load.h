// first-add-on-load: each thread loads two elements, a block apart, and adds them before
// writing shared memory; the grid is halved.
//
// In the sequential kernel half the threads idle from the first level. Here every thread does
// one combine during the load, so the same work needs half the blocks.
// Origin: Harris kernel 4, cuda-samples reduce3.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct FirstAddOnLoad {
  static constexpr ReduceVariantInfo info{
      "first-add-on-load", "each thread adds two elements while loading: half the blocks",
      "Harris kernel 4, cuda-samples reduce3", Finish::Partials, GridShape::TwoPerThread, 1};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned block) { return shared_array_bytes<T>(block); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    Shared<T> sdata = shared_array<T>(ctx, ctx.block_dim());
    const unsigned tid = ctx.thread_idx();
    const std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() * 2 + tid;

    T v = identity<Op, T>();
    if (ctx.branch(i < a.n)) v = ctx.ld(a.in, i);
    if (ctx.branch(i + ctx.block_dim() < a.n)) {
      T second = ctx.ld(a.in, i + ctx.block_dim());
      v = Op::apply(v, second);
    }
    ctx.st(sdata, tid, v);
    ctx.sync();

    unsigned level = 0;
    for (unsigned s = ctx.block_dim() / 2; s > 0; s >>= 1, ++level) {
      ctx.step(level_step(level));
      if (ctx.branch(tid < s)) {
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
