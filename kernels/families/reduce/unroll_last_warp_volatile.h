// unroll-last-warp-volatile (a pitfall): the original kernel 5 finished the last warp in
// volatile shared memory with no synchronization at all, trusting that 32 lanes run in
// lockstep.
//
// Since Volta, lanes of a warp are scheduled independently, so a lane may read
// sdata[tid + 16] before the lane that owns it has added its own partner. The result is wrong
// whenever that happens. The simulator runs each lane alone until it must wait, which is a
// legal schedule, so it shows the wrong result every time; a GPU shows it only sometimes.
// The fix is __syncwarp() between the steps, or shuffles (see unroll-last-warp).
// Origin: Harris kernel 5 as published in 2007, cuda-samples reduce4 before CUDA 9.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct UnrollLastWarpVolatile {
  static constexpr ReduceVariantInfo info{
      "unroll-last-warp-volatile",
      "volatile warp-synchronous last warp with no __syncwarp: races since Volta",
      "Harris kernel 5 (2007), pre-CUDA 9 cuda-samples reduce4", Finish::Partials,
      GridShape::TwoPerThread, 64, /*pitfall=*/true, /*deterministic_trace=*/false};

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
      for (unsigned s = 32; s > 0; s /= 2) {  // no __syncwarp between steps: the bug
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
