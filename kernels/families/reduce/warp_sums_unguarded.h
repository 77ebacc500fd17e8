// warp-sums-unguarded (a pitfall): warp-shuffle's block reduce without the guard in its second
// stage. Each warp parks its total in warp_sums[warp]; then every lane of warp 0 reads
// warp_sums[lane], all 32, although a block of fewer than 32 warps wrote only blockDim / 32.
//
// Lanes past the last warp read shared memory nobody wrote: whatever an earlier block or kernel
// left there. The simulator stops at the first such read and names the thread, the slot and
// this file's line. The fix is warp-shuffle's: read only if lane < blockDim / 32, else take the
// identity (kernels/block/block_reduce.h).
// Origin: the block reduce of "Faster Parallel Reductions on Kepler", copied without its guard.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"
#include "kernels/warp/warp_reduce.h"

namespace wl::reduce {

struct WarpSumsUnguarded {
  static constexpr ReduceVariantInfo info{
      "warp-sums-unguarded", "warp 0 reads all 32 warp sums when the block wrote fewer: uninitialized shared memory",
      "Luitjens's block reduce without its lane guard", Finish::Atomic, GridShape::GridStride, 32,
      /*pitfall=*/true};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return (32 * sizeof(T) + 15) / 16 * 16; }

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

    v = warp_reduce<Op>(ctx, v, level_step(0));
    if (ctx.branch(ctx.lane() == 0)) ctx.st(warp_sums, ctx.warp(), v);
    ctx.sync();

    T total = identity<Op, T>();
    if (ctx.branch(ctx.warp() == 0)) {
      total = ctx.ld(warp_sums, ctx.lane());  // the bug: slots blockDim / 32 .. 31 were never written
      total = warp_reduce<Op>(ctx, total, level_step(kWarpReduceLevels));
    }
    ctx.step(kFinishStep);
    if (ctx.branch(ctx.thread_idx() == 0)) atomic_combine<Op>(ctx, a.out, 0, total);
  }
};

}  // namespace wl::reduce
