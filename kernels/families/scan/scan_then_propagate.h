// scan-then-propagate: the classic way to scan more than a block: scan every tile, scan the
// tiles' totals, then add each tile's prefix to all its elements. Three launches (more when the
// totals themselves span several tiles), all recorded.
//
// Each thread owns four consecutive elements: one 16-byte load, a scan of the four in
// registers, a block scan of only the threads' totals (kernels/block/block_scan.h), one
// 16-byte store. Fewer, wider memory instructions and a quarter of the block-level work per
// element. But the output is written, read and written again by the propagate launch: 4n
// bytes of traffic where the single-pass look-back needs 2n.
// Origin: Sengupta, Harris, Garland 2008, "Efficient parallel scan algorithms for GPUs";
// GPU Gems 3, chapter 39.2.4.
#pragma once
#include "kernels/block/block_scan.h"
#include "kernels/dialect/dialect.h"
#include "kernels/families/scan/variant.h"

namespace wl::scan {

struct ScanThenPropagate {
  static constexpr unsigned kItems = 4;
  static constexpr ScanVariantInfo info{
      "scan-then-propagate", "tile scans, a scan of the tile totals, a uniform add: 4n bytes moved",
      "Sengupta, Harris & Garland 2008; GPU Gems 3 ch. 39.2.4", Shape::TilesThenPropagate, kItems, 32};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return block_scan_shared_bytes<T>(); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ScanArgs<T>& a) {
    Shared<T> warp_totals = shared_array<T>(ctx, 32);
    const std::uint64_t first = (std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx()) * kItems;

    T items[kItems];
    load_items<kItems, Op>(ctx, a.in, a.n, first, items);
    T mine = scan_items<kItems, Op>(items);
    T before = block_scan<Op>(ctx, warp_totals, mine, level_step(0), /*exclusive=*/true);

    ctx.step(kFinishStep);
    store_items<kItems, Op>(ctx, a.out, a.n, first, items, before, a.exclusive);
    if (ctx.branch(a.tile_totals.size > 0 && ctx.thread_idx() == 0)) {
      T total = block_scan_total(ctx, warp_totals);
      ctx.st(a.tile_totals, ctx.block_idx(), total);
    }
  }
};

}  // namespace wl::scan
