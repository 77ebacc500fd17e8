// cooperative-groups: warp-shuffle written with cooperative groups: cg::reduce over 32-thread
// tiles instead of hand-written shuffle loops.
//
// Same algorithm, less code: the tile knows its size and its lanes, so the mask and the
// offsets cannot be wrong. For a custom operator cg::reduce performs an xor butterfly, which
// the instrumented build and the simulator record shuffle by shuffle; the timed build calls
// cg::reduce itself (for int sum on sm_80+ it may use a single redux instruction instead).
// Origin: CUDA Programming Guide, Cooperative Groups; cuda-samples reduce7 with cg::reduce.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"
#include "kernels/warp/warp_reduce.h"  // kWarpReduceLevels: cg::reduce has as many levels

namespace wl::reduce {

struct CooperativeGroups {
  static constexpr ReduceVariantInfo info{
      "cooperative-groups", "cg::reduce over 32-thread tiles, then one atomic per block",
      "CUDA Programming Guide (cooperative groups), cuda-samples reduce7", Finish::Atomic,
      GridShape::GridStride, 32};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return (32 * sizeof(T) + 15) / 16 * 16; }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    Shared<T> tile_totals = shared_array<T>(ctx, 32);
    const std::uint64_t stride = std::uint64_t(ctx.block_dim()) * ctx.grid_dim();

    T v = identity<Op, T>();
    for (std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
         ctx.branch(i < a.n); i += stride) {
      T x = ctx.ld(a.in, i);
      v = Op::apply(v, x);
    }

    v = tile_reduce<Op>(ctx, v, level_step(0));  // levels 0-4
    if (ctx.branch(ctx.lane() == 0)) ctx.st(tile_totals, ctx.warp(), v);
    ctx.sync();

    ctx.step(level_step(kWarpReduceLevels));
    if (ctx.branch(ctx.warp() == 0)) {
      T total = identity<Op, T>();
      if (ctx.branch(ctx.lane() < ctx.block_dim() / 32)) total = ctx.ld(tile_totals, ctx.lane());
      total = tile_reduce<Op>(ctx, total, level_step(kWarpReduceLevels));  // levels 5-9
      ctx.step(kFinishStep);
      if (ctx.branch(ctx.lane() == 0)) atomic_combine<Op>(ctx, a.out, 0, total);
    }
  }
};

}  // namespace wl::reduce
