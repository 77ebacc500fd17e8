// warp-shuffle: a grid-stride loop into a register, then shuffles within each warp, one
// shared-memory slot per warp, shuffles again in warp 0, and one atomic per block.
//
// The shared-memory tree needs a barrier per level. Shuffles move values between the
// registers of a warp directly, so the block needs a single barrier (between the two warp
// stages), and combining blocks with one atomic each removes the second launch.
// The shuffles live in kernels/warp/warp_reduce.h and kernels/block/block_reduce.h.
// Origin: "Faster Parallel Reductions on Kepler" (Luitjens), cuda-samples reduce7.
#pragma once
#include "kernels/block/block_reduce.h"
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct WarpShuffle {
  static constexpr ReduceVariantInfo info{
      "warp-shuffle", "grid-stride loop, warp shuffles, one shared slot per warp, one atomic per block",
      "Luitjens (Kepler shuffles), cuda-samples reduce7", Finish::Atomic, GridShape::GridStride, 32};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return block_reduce_shared_bytes<T>(); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    Shared<T> warp_totals = shared_array<T>(ctx, 32);
    const std::uint64_t stride = std::uint64_t(ctx.block_dim()) * ctx.grid_dim();

    T v = identity<Op, T>();
    for (std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
         ctx.branch(i < a.n); i += stride) {
      T x = ctx.ld(a.in, i);
      v = Op::apply(v, x);
    }

    T total = block_reduce<Op>(ctx, warp_totals, v, level_step(0));
    ctx.step(kFinishStep);
    if (ctx.branch(ctx.thread_idx() == 0)) atomic_combine<Op>(ctx, a.out, 0, total);
  }
};

}  // namespace wl::reduce
