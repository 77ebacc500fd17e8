// exercise: Pad Blelloch's tree
// run: --n 512 --block 256 --type i32
// goal: correct
// goal: bank_conflicts <= 16
// goal: span <= 32
// solution: blelloch-padded
//
// The up-sweep at depth d has its threads touch nodes 2^(d+1) apart; once that distance is a
// multiple of 32 words, every thread of a warp hits the same shared-memory bank and the accesses
// are replayed one by one (the bank view; the down-sweep alike). The tree scan asks Layout where
// node i lives: skip one slot every 32 nodes, so that each run of 32 lands one bank further on,
// and say how many slots the tree then needs. (blelloch-padded reaches 16 conflicts here.)
#pragma once
#include "kernels/block/block_tree_scan.h"
#include "kernels/dialect/dialect.h"
#include "kernels/families/scan/variant.h"

namespace wl::scan {

struct PadBlelloch09 {
  static constexpr ScanVariantInfo info{
      "09-pad-blelloch", "exercise: Blelloch's scan with its tree padded against bank conflicts",
      "WarpLens exercise 09, after GPU Gems 3 ch. 39.2.3", Shape::TilesThenPropagate, 2, 1};

  // Where the tree scan (kernels/block/block_tree_scan.h) keeps node i in shared memory, and how
  // many slots a tree of `count` nodes takes.
  struct Layout {
    static constexpr unsigned slot(unsigned i) { return i; }
    static constexpr unsigned slots(unsigned count) { return count; }
  };

  template <class T>
  static constexpr unsigned shared_bytes(unsigned block) {
    return shared_array_bytes<T>(Layout::slots(2 * block + 1));
  }

  // Each thread loads two elements; an up-sweep builds a reduction tree in shared memory, the
  // root is cleared, and a down-sweep hands every node's prefix to its children.
  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ScanArgs<T>& a) {
    Shared<T> tree = shared_array<T>(ctx, Layout::slots(2 * ctx.block_dim() + 1));
    const std::uint64_t base = std::uint64_t(ctx.block_idx()) * 2 * ctx.block_dim();
    T total = tree_scan_tile<Op, Layout>(ctx, tree, a.in, a.out, base, a.n, a.exclusive);
    if (ctx.branch(a.tile_totals.size > 0 && ctx.thread_idx() == 0))
      ctx.st(a.tile_totals, ctx.block_idx(), total);
  }
};

}  // namespace wl::scan
