// two-pass: layer norm's statistics as numerical analysts compute them: the mean first, then
// the variance as the mean of (x - mean)^2.
//
// The squares are of deviations, small numbers, so no two large numbers are subtracted: the
// variance keeps its digits however large the mean (compare variance-naive). The price is a
// second read of the row before the third, the write. This is block-per-row's layer norm, the
// same kernel under the name the numerics ladder uses: variance-naive (one read, wrong),
// two-pass (two reads, right), welford (one read, right).
// Origin: the two-pass algorithm (Chan, Golub & LeVeque, "Algorithms for computing the sample
// variance", 1983, analyse it); Triton's layer norm tutorial computes it this way.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/rows/variant.h"

namespace wl::rows {

struct TwoPass {
  static constexpr RowsVariantInfo info{
      "two-pass", "layer norm's mean, then the variance as the mean of (x - mean)^2: no cancellation, one more read",
      "the two-pass variance (Chan, Golub & LeVeque 1983)", Layout::BlockPerRow, Stats::Passes, kLayerNormBit,
      "two-pass is layer norm's mean then variance; softmax has no variance, RMS norm no mean (use block-per-row)"};

  static constexpr unsigned shared_bytes(unsigned block, unsigned) { return shared_array_bytes<float>(block); }

  template <class Op, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const RowsArgs& a) {
    if constexpr (Op::bit == kLayerNormBit) {
      const BlockRow row(ctx, a);
      const float mean = row_mean(ctx, row, a, 1);
      const float variance = row_variance(ctx, row, a, 2, mean);
      write_scaled(ctx, row, a, mean, sqrt_f32(variance + kEps));
    }
  }
};

}  // namespace wl::rows
