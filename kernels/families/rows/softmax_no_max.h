// softmax-no-max (pitfall): exp(x) / sum of exp(x), without subtracting the row max first.
//
// Mathematically the same softmax, and one read fewer than block-per-row. But exp(x) overflows
// f32 (largest 3.4e38) from x = 88.7: a row holding x = 100 sums to inf, and its x = 100
// becomes inf / inf = NaN while every other value becomes finite / inf = 0. Rows of values all
// below -104 fail the other way: every exp underflows to 0, and 0 / 0 = NaN. Subtracting the max
// makes the largest exponent exp(0) = 1: no overflow, and at least one term that is not 0.
// Origin: the first softmax everyone writes; the reason every library subtracts the max.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/rows/variant.h"

namespace wl::rows {

struct SoftmaxNoMax {
  static constexpr RowsVariantInfo info{
      "softmax-no-max", "exp(x) without subtracting the row max: inf from x > 88.7 in f32, then inf/inf = NaN",
      "the first softmax everyone writes", Layout::BlockPerRow, Stats::NoMax, kSoftmaxBit,
      "softmax-no-max is the softmax pitfall: it takes softmax only", /*pitfall=*/true};

  static constexpr unsigned shared_bytes(unsigned block, unsigned) { return shared_array_bytes<float>(block); }

  template <class Op, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const RowsArgs& a) {
    if constexpr (Op::bit == kSoftmaxBit) {
      const BlockRow row(ctx, a);
      const float sum = row_sum_exp(ctx, row, a, 1, 0.0f);  // exp(x - 0): the max left out
      write_softmax(ctx, row, a, 0.0f, sum);
    }
  }
};

}  // namespace wl::rows
