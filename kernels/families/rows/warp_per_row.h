// warp-per-row: a warp a row, its lanes combined with shuffles only.
//
// A block holds block / 32 rows. Lanes stride over the row 32 apart (coalesced, as in
// block-per-row), and each statistic is five butterfly shuffles (__shfl_xor_sync) after which
// every lane holds the total: no shared memory and no barrier, since a warp's lanes run
// together. Best while a row is a few hundred to a few thousand values: one warp reads it all.
// Origin: the warp path of the fused softmax (OneFlow's WarpSoftmax; PyTorch's persistent
// softmax for rows up to 1024).
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/rows/variant.h"

namespace wl::rows {

// Warp w of block b owns row b * (block / 32) + w; lane l its columns l, l + 32, ...
struct WarpRow {
  std::uint64_t row = 0;
  std::uint64_t rows = 0;

  template <class Ctx>
  WL_DEVICE WarpRow(Ctx& ctx, const RowsArgs& a)
      : row(std::uint64_t(ctx.block_idx()) * (ctx.block_dim() / 32) + ctx.warp()), rows(a.rows) {}
  WL_DEVICE bool active() const { return row < rows; }  // the same for the whole warp
  template <class Ctx, class F>
  WL_DEVICE void each(Ctx& ctx, const RowsArgs& a, F&& f) const {
    const std::uint64_t first = row * a.cols;
    // As written: unrolled, the lanes past cols % 32 would leave for the remainder loop and the
    // warp issue more load requests than the trace records (Nsight Compute counted 6528, not 6144).
WL_NO_UNROLL
    for (unsigned j = ctx.lane(); ctx.branch(j < a.cols); j += 32) f(first + j);
  }
  // Five levels: lane l combines with lane l ^ 16, ^ 8, ^ 4, ^ 2, ^ 1.
  template <class Op, class Ctx>
  WL_DEVICE float reduce(Ctx& ctx, float v, StepId first) const {
    StepId step = first;
    for (unsigned mask = 16; mask > 0; mask /= 2) {
      ctx.step(step++);
      const float other = ctx.shfl_xor(0xffffffffu, v, mask);
      v = Op::apply(v, other);
    }
    return v;
  }
};

struct WarpPerRow {
  static constexpr RowsVariantInfo info{
      "warp-per-row", "a warp a row: coalesced, and each statistic five shuffles: no shared memory, no barrier",
      "the fused softmax's warp path (OneFlow WarpSoftmax)", Layout::WarpPerRow};

  static constexpr unsigned shared_bytes(unsigned, unsigned) { return 0; }

  template <class Op, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const RowsArgs& a) {
    const WarpRow row(ctx, a);
    if (ctx.branch(row.active())) normalise<Op>(ctx, row, a);
  }
};

}  // namespace wl::rows
