// thread-per-row: one thread walks a whole row, with no barrier and no tree.
//
// The simplest fused kernel: each statistic is a plain loop. But at step k the 32 lanes of a
// warp read column k of 32 different rows, cols * 4 bytes apart: 32 sectors a request where
// 4 would do once a row is 8 values or longer (the Memory view shows it), and a row of 4097
// values is 4097 sequential steps for one thread while most of the GPU idles when rows are few.
// Origin: the naive CPU-style port every course starts from (one thread, one output row).
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/rows/variant.h"

namespace wl::rows {

// Thread t of block b owns row b * block + t, every column of it; the "reduce" has nothing to
// combine.
struct ThreadRow {
  std::uint64_t row = 0;
  std::uint64_t rows = 0;

  template <class Ctx>
  WL_DEVICE ThreadRow(Ctx& ctx, const RowsArgs& a)
      : row(std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx()), rows(a.rows) {}
  WL_DEVICE bool active() const { return row < rows; }
  template <class Ctx, class F>
  WL_DEVICE void each(Ctx& ctx, const RowsArgs& a, F&& f) const {
    const std::uint64_t first = row * a.cols;
WL_NO_UNROLL
    for (unsigned j = 0; ctx.branch(j < a.cols); ++j) f(first + j);
  }
  template <class Op, class Ctx>
  WL_DEVICE float reduce(Ctx&, float v, StepId) const {
    return v;
  }
};

struct ThreadPerRow {
  static constexpr RowsVariantInfo info{
      "thread-per-row", "one thread walks a row: no tree, but a warp's loads are a row apart (uncoalesced)",
      "the naive port: one thread, one row", Layout::ThreadPerRow};

  static constexpr unsigned shared_bytes(unsigned, unsigned) { return 0; }

  template <class Op, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const RowsArgs& a) {
    const ThreadRow row(ctx, a);
    if (ctx.branch(row.active())) normalise<Op>(ctx, row, a);
  }
};

}  // namespace wl::rows
