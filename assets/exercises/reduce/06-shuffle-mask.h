// exercise: Name every lane in a shuffle's mask
// run: --n 4096 --block 256 --type i32
// goal: correct
// goal: faults == 0
// goal: span <= 64
// solution: warp-shuffle
//
// warp_total halves the shuffle distance each step and names in its mask only the lanes whose
// sums still matter, although all 32 lanes execute the shuffle. Every lane that calls
// __shfl_down_sync must be in its mask, or the result is undefined; the simulator stops at the
// first such shuffle and lists the lanes left out. Make the mask say which lanes take part.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"
#include "kernels/warp/warp_reduce.h"

namespace wl::reduce {

struct ShuffleMask06 {
  static constexpr ReduceVariantInfo info{
      "06-shuffle-mask", "exercise: warp shuffles whose mask names every lane that executes them",
      "WarpLens exercise 06, after warp-shuffle (Luitjens)", Finish::Atomic, GridShape::GridStride, 32,
      /*pitfall=*/false};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return (32 * sizeof(T) + 15) / 16 * 16; }

  // Steps first .. first + 4; the total in lane 0.
  template <class Op, class T, class Ctx>
  WL_DEVICE static T warp_total(Ctx& ctx, T v, StepId first) {
    for (unsigned offset = 16; offset > 0; offset /= 2) {
      ctx.step(first++);
      const unsigned lanes_that_keep = (1u << offset) - 1;
      T received = ctx.shfl_down(lanes_that_keep, v, offset);
      v = Op::apply(v, received);
    }
    return v;
  }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    Shared<T> warp_sums = shared_array<T>(ctx, 32);
    const std::uint64_t stride = std::uint64_t(ctx.block_dim()) * ctx.grid_dim();
    T v = identity<Op, T>();
    for (std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
         ctx.branch(i < a.n); i += stride) {
      T x = ctx.ld(a.in, i);
      v = Op::apply(v, x);
    }

    v = warp_total<Op>(ctx, v, level_step(0));
    if (ctx.branch(ctx.lane() == 0)) ctx.st(warp_sums, ctx.warp(), v);
    ctx.sync();

    T total = identity<Op, T>();
    if (ctx.branch(ctx.warp() == 0)) {
      if (ctx.branch(ctx.lane() < ctx.block_dim() / 32)) total = ctx.ld(warp_sums, ctx.lane());
      total = warp_total<Op>(ctx, total, level_step(kWarpReduceLevels));
    }
    ctx.step(kFinishStep);
    if (ctx.branch(ctx.thread_idx() == 0)) atomic_combine<Op>(ctx, a.out, 0, total);
  }
};

}  // namespace wl::reduce
