// blelloch: the work-efficient scan. Each thread loads two elements; an up-sweep builds a
// reduction tree in shared memory, the root is cleared, and a down-sweep hands every node's
// prefix to its children (kernels/block/block_tree_scan.h).
//
// O(n) combines instead of Hillis–Steele's n log n, for twice the steps (2 log n). Exclusive by
// nature; inclusive takes each prefix one place on, with the total kept past the end. The deep levels
// touch elements 2^d apart, which land in the same shared-memory bank: look at the bank view.
// Origin: Blelloch 1990, "Prefix sums and their applications"; GPU Gems 3, chapter 39.
#pragma once
#include "kernels/block/block_tree_scan.h"
#include "kernels/dialect/dialect.h"
#include "kernels/families/scan/variant.h"

namespace wl::scan {

// The variant with the tree's nodes laid out by Pad (blelloch-padded passes BankPadding).
template <class Pad>
struct BlellochWith {
  static constexpr const char* lines_in = "kernels/families/scan/blelloch.h";  // for the variants built on it
  template <class T>
  static constexpr unsigned shared_bytes(unsigned block) { return shared_array_bytes<T>(Pad::slots(2 * block + 1)); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ScanArgs<T>& a) {
    Shared<T> tree = shared_array<T>(ctx, Pad::slots(2 * ctx.block_dim() + 1));
    const std::uint64_t base = std::uint64_t(ctx.block_idx()) * 2 * ctx.block_dim();
    T total = tree_scan_tile<Op, Pad>(ctx, tree, a.in, a.out, base, a.n, a.exclusive);
    if (ctx.branch(a.tile_totals.size > 0 && ctx.thread_idx() == 0)) ctx.st(a.tile_totals, ctx.block_idx(), total);
  }
};

struct Blelloch : BlellochWith<NoPadding> {
  static constexpr ScanVariantInfo info{
      "blelloch", "up-sweep, clear the root, down-sweep: O(n) work in 2 log n steps; bank conflicts",
      "Blelloch 1990; GPU Gems 3 ch. 39", Shape::TilesThenPropagate, 2, 1};
};

}  // namespace wl::scan
