// warp-shuffle-scan: each warp scans its 32 values in registers with __shfl_up_sync, the warps'
// totals are scanned by one warp, and every warp adds the totals of the warps before it
// (kernels/block/block_scan.h).
//
// Hillis–Steele again, but inside a warp the shuffles replace shared memory and barriers: five
// register exchanges per warp, and only two barriers for the whole block.
// Origin: CUDA Programming Guide, warp shuffle functions; CUB's WarpScanShfl.
#pragma once
#include "kernels/block/block_scan.h"
#include "kernels/dialect/dialect.h"
#include "kernels/families/scan/variant.h"

namespace wl::scan {

struct WarpShuffleScan {
  static constexpr ScanVariantInfo info{
      "warp-shuffle-scan", "__shfl_up_sync inside each warp, then a scan of the warp totals",
      "CUDA Programming Guide (warp shuffle); CUB WarpScanShfl", Shape::TilesThenPropagate, 1, 32};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return block_scan_shared_bytes<T>(); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ScanArgs<T>& a) {
    Shared<T> warp_totals = shared_array<T>(ctx, 32);
    const std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();

    T x = identity<Op, T>();
    if (ctx.branch(i < a.n)) x = ctx.ld(a.in, i);
    T result = block_scan<Op>(ctx, warp_totals, x, level_step(0), a.exclusive);

    ctx.step(kFinishStep);
    if (ctx.branch(i < a.n)) ctx.st(a.out, i, result);
    if (ctx.branch(a.tile_totals.size > 0 && ctx.thread_idx() == 0)) {
      T total = block_scan_total(ctx, warp_totals);
      ctx.st(a.tile_totals, ctx.block_idx(), total);
    }
  }
};

}  // namespace wl::scan
