// block-per-row: a block a row; its threads stride over the row and combine in a shared-memory
// tree.
//
// One launch for the whole operator, where three-pass made one a statistic: the row's
// statistics never leave the block, and no launch waits for another. Thread t reads columns
// t, t + block, ...: a warp's 32 loads are 128 consecutive bytes (the Memory view: the fewest
// sectors). Each statistic is a tree of log2(block) levels with a barrier at each, and the row
// is still read three times (max, sum, write), the later reads mostly from L2.
// Origin: the classic fused softmax (e.g. the OneFlow and Apex kernels' block path; Harris's
// reduction tree per row).
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/rows/variant.h"

namespace wl::rows {

struct BlockPerRow {
  static constexpr RowsVariantInfo info{
      "block-per-row", "a block a row: coalesced reads, each statistic a shared-memory tree; one launch",
      "the fused softmax's block path (OneFlow, Apex)", Layout::BlockPerRow};

  static constexpr unsigned shared_bytes(unsigned block, unsigned) { return shared_array_bytes<float>(block); }

  template <class Op, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const RowsArgs& a) {
    const BlockRow row(ctx, a);
    normalise<Op>(ctx, row, a);
  }
};

}  // namespace wl::rows
