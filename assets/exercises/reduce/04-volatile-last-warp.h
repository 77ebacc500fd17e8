// exercise: A last warp without races
// run: --n 4096 --block 256 --type i32
// goal: correct
// goal: races == 0
// goal: span <= 64
//
// The last 32 values are finished by warp 0 alone, in volatile shared memory, with no
// synchronisation: the 2007 kernel trusted the 32 lanes to run in lockstep. Since Volta they
// need not, and here a lane reads sdata[tid + s] before its owner has written it (the tree view
// draws those reads as racy edges). Keep the volatile loop, but make the lanes wait for each
// other (ctx.syncwarp) wherever a lane's write must come before, or after, another lane's read.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct VolatileLastWarp04 {
  static constexpr ReduceVariantInfo info{
      "04-volatile-last-warp",
      "exercise: the volatile last warp of Harris kernel 5, made safe with __syncwarp",
      "WarpLens exercise 04, after Harris kernel 5", Finish::Partials, GridShape::TwoPerThread, 64,
      /*pitfall=*/false, /*deterministic_trace=*/true};

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
    for (unsigned s = ctx.block_dim() / 2; s > 32; s >>= 1, ++level) {
      ctx.step(level_step(level));
      if (ctx.branch(tid < s)) {
        T left = ctx.ld(sdata, tid);
        T right = ctx.ld(sdata, tid + s);
        ctx.st(sdata, tid, Op::apply(left, right));
      }
      ctx.sync();
    }

    if (ctx.branch(tid < 32)) {
      for (unsigned s = 32; s > 0; s /= 2) {
        ctx.step(level_step(level++));
        T mine = ctx.ld_volatile(sdata, tid);
        T other = ctx.ld_volatile(sdata, tid + s);
        ctx.st_volatile(sdata, tid, Op::apply(mine, other));
      }
    }

    ctx.step(kFinishStep);
    if (ctx.branch(tid == 0)) {
      T total = ctx.ld(sdata, 0);
      ctx.st(a.out, ctx.block_idx(), total);
    }
  }
};

}  // namespace wl::reduce
