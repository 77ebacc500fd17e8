// exercise: Read only the warp sums that were written
// run: --n 4096 --block 256 --type i32
// goal: correct
// goal: unwritten_reads == 0
// goal: span <= 64
// solution: warp-shuffle
//
// Each warp parks its total in warp_sums[warp]; then every lane of warp 0 reads warp_sums[lane].
// A block of 256 threads has 8 warps, so lanes 8 to 31 read slots nobody wrote: on a GPU,
// whatever an earlier block left there. The simulator stops at the first such read and names
// the line. Let a lane read its slot only if a warp wrote it, and start the others from a value
// that leaves the sum unchanged.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"
#include "kernels/warp/warp_reduce.h"

namespace wl::reduce {

struct GuardWarpSums05 {
  static constexpr ReduceVariantInfo info{
      "05-guard-warp-sums", "exercise: warp shuffles, then warp 0 reads only the warp sums the block wrote",
      "WarpLens exercise 05, after Luitjens's block reduce", Finish::Atomic, GridShape::GridStride, 32,
      /*pitfall=*/false};

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
      total = ctx.ld(warp_sums, ctx.lane());
      total = warp_reduce<Op>(ctx, total, level_step(kWarpReduceLevels));
    }
    ctx.step(kFinishStep);
    if (ctx.branch(ctx.thread_idx() == 0)) atomic_combine<Op>(ctx, a.out, 0, total);
  }
};

}  // namespace wl::reduce
