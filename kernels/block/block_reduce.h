// Block layer: reduce one value per thread to thread 0. Each warp shuffles its values down to
// lane 0, lane 0 parks the warp's total in shared memory, and warp 0 shuffles the totals.
// One barrier in all, instead of one per tree level.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/warp/warp_reduce.h"

namespace wl {

// Sites recorded from this file are kBlockReduceSites + line (see kernels/dialect/README.md).
constexpr unsigned kBlockReduceSites = 2000;

template <class T>
constexpr unsigned block_reduce_shared_bytes() {
  return (32 * sizeof(T) + 15) / 16 * 16;
}

// Each warp's levels, then warp 0's over the warp totals.
constexpr unsigned kBlockReduceLevels = 2 * kWarpReduceLevels;

// Steps first .. first + 9 (levels of first's kind). Needs a block of at least 32 threads, a
// multiple of 32. The total is valid in thread 0.
template <class Op, class Ctx, class T>
WL_DEVICE T block_reduce(Ctx& ctx, Shared<T> warp_totals, T v, StepId first) {
  constexpr unsigned S = kBlockReduceSites;
  v = warp_reduce<Op>(ctx, v, first);
  if (ctx.branch(ctx.lane() == 0, S + __LINE__)) ctx.st(warp_totals, ctx.warp(), v, S + __LINE__);
  ctx.sync(S + __LINE__);

  T total = identity<Op, T>();
  if (ctx.branch(ctx.warp() == 0, S + __LINE__)) {
    if (ctx.branch(ctx.lane() < ctx.block_dim() / 32, S + __LINE__))
      total = ctx.ld(warp_totals, ctx.lane(), S + __LINE__);
    total = warp_reduce<Op>(ctx, total, StepId(first + kWarpReduceLevels));
  }
  return total;
}

// Every thread gets the total, where block_reduce gives it to thread 0: each warp's butterfly
// (tile_reduce), the warps' totals parked in `warp_totals` (32 slots), then a butterfly over
// them. One barrier; a caller reducing twice passes a second array, so that no barrier guards
// the first's reuse. Steps first .. first + 9; a block of whole warps.
template <class Op, class Ctx, class T>
WL_DEVICE T block_reduce_to_all(Ctx& ctx, Shared<T> warp_totals, T v, StepId first) {
  constexpr unsigned S = kBlockReduceSites;
  v = tile_reduce<Op>(ctx, v, first, S + __LINE__);
  if (ctx.block_dim() == 32) return v;  // one warp: its butterfly is the block's
  if (ctx.branch(ctx.lane() == 0, S + __LINE__)) ctx.st(warp_totals, ctx.warp(), v, S + __LINE__);
  ctx.sync(S + __LINE__);
  T total = identity<Op, T>();
  if (ctx.branch(ctx.lane() < ctx.block_dim() / 32, S + __LINE__)) total = ctx.ld(warp_totals, ctx.lane(), S + __LINE__);
  return tile_reduce<Op>(ctx, total, StepId(first + kWarpReduceLevels), S + __LINE__);
}

}  // namespace wl
