// Block layer: an inclusive scan of one value per thread. Each warp scans with shuffles, the
// last lane of each warp parks the warp's total in shared memory, warp 0 scans the totals, and
// every warp adds the totals of the warps before it. Two barriers, whatever the block size.
#pragma once
#include <type_traits>

#include "kernels/dialect/dialect.h"
#include "kernels/warp/warp_scan.h"

namespace wl {

// Sites recorded from this file are kBlockScanSites + line (see kernels/dialect/README.md).
constexpr unsigned kBlockScanSites = 2500;

template <class T>
constexpr unsigned block_scan_shared_bytes() {
  return (32 * sizeof(T) + 15) / 16 * 16;
}

// Each warp's levels, warp 0's over the totals, then the add of the warps before.
constexpr unsigned kBlockScanLevels = 2 * kWarpScanLevels + 1;

// A block_scan that hands the block's total to no one.
struct NoTotalWanted {
  template <class T>
  WL_DEVICE void operator()(T) const {}
};

// Steps first .. first + 10 (levels of first's kind). The block must be a multiple of 32
// threads. Returns thread t's inclusive prefix, or with `exclusive` the prefix of the threads
// before it (the identity for thread 0). block_scan_total then gives the whole block's, until
// warp_totals is used again (sync before that). Sooner: `on_total(total)` runs on thread
// warps - 1, which holds the total once warp 0 has scanned the warps' totals, before the second
// barrier (decoupled look-back publishes it there: its successors wait for it).
template <class Op, class Ctx, class T, class OnTotal = NoTotalWanted>
WL_DEVICE T block_scan(Ctx& ctx, Shared<T> warp_totals, T v, StepId first, bool exclusive,
                       const OnTotal& on_total = OnTotal{}) {
  constexpr unsigned S = kBlockScanSites;
  const unsigned warps = ctx.block_dim() / 32;
  v = warp_inclusive_scan<Op>(ctx, v, first);
  if (ctx.branch(ctx.lane() == 31, S + __LINE__)) ctx.st(warp_totals, ctx.warp(), v, S + __LINE__);
  if (ctx.branch(exclusive, S + __LINE__)) {  // lane k takes lane k - 1's prefix
    T below = ctx.shfl_up(0xffffffffu, v, 1, S + __LINE__);
    v = ctx.lane() == 0 ? identity<Op, T>() : below;
  }
  ctx.sync(S + __LINE__);

  if (ctx.branch(ctx.warp() == 0, S + __LINE__)) {
    T total = identity<Op, T>();
    if (ctx.branch(ctx.lane() < warps, S + __LINE__)) total = ctx.ld(warp_totals, ctx.lane(), S + __LINE__);
    total = warp_inclusive_scan<Op>(ctx, total, StepId(first + kWarpScanLevels));
    if (ctx.branch(ctx.lane() < warps, S + __LINE__)) ctx.st(warp_totals, ctx.lane(), total, S + __LINE__);
    if constexpr (!std::is_same_v<OnTotal, NoTotalWanted>) {
      if (ctx.branch(ctx.lane() == warps - 1, S + __LINE__)) on_total(total);
    }
  }
  ctx.sync(S + __LINE__);

  ctx.step(StepId(first + 2 * kWarpScanLevels));
  if (ctx.branch(ctx.warp() > 0, S + __LINE__)) {
    T before = ctx.ld(warp_totals, ctx.warp() - 1, S + __LINE__);
    v = exclusive && ctx.lane() == 0 ? before : Op::apply(before, v);
  }
  return v;
}

// The block's total after block_scan. A separate call, so that only the threads that use it
// load it: the optimised GPU build drops a load whose value is unused, and the trace must not
// record one either (Nsight Compute counts the same wavefronts as the trace).
template <class Ctx, class T>
WL_DEVICE T block_scan_total(Ctx& ctx, Shared<T> warp_totals) {
  return ctx.ld(warp_totals, ctx.block_dim() / 32 - 1, kBlockScanSites + __LINE__);
}

}  // namespace wl
