// variance-naive (pitfall): layer norm's variance as E[x^2] - E[x]^2, both sums in one read.
//
// One read fewer than two-pass, and exact in real numbers. In f32 (24 bits) it subtracts two
// numbers near mean^2: with a mean of 10000 and values 4 either side, E[x^2] and E[x]^2 are
// both near 1e8, where f32 values are 8 apart, while the variance is about 5. The difference
// keeps no correct digit; often it is negative, and sqrt(negative) is NaN. On data with a mean
// near 0 it is fine, which is why it survives testing on random inputs.
// Origin: the "textbook one-pass" variance formula; Chan, Golub & LeVeque (1983) on why not.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/rows/variant.h"

namespace wl::rows {

struct VarianceNaive {
  static constexpr RowsVariantInfo info{
      "variance-naive", "variance as E[x^2] - E[x]^2 in f32: cancellation, negative on data with a large mean",
      "the textbook one-pass variance formula", Layout::BlockPerRow, Stats::NaiveVariance, kLayerNormBit,
      "variance-naive is the layer norm pitfall: it takes layernorm only", /*pitfall=*/true};

  static constexpr unsigned shared_bytes(unsigned block, unsigned) { return shared_array_bytes<float>(block); }

  template <class Op, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const RowsArgs& a) {
    if constexpr (Op::bit == kLayerNormBit) {
      const BlockRow row(ctx, a);
      float sum = 0, sum_squares = 0;
      row.each(ctx, a, [&](std::uint64_t i) {
        const float x = ctx.ld(a.in, i);
        sum += x;
        sum_squares += x * x;
      });
      unsigned levels = 0;
      for (unsigned stride = ctx.block_dim() / 2; stride > 0; stride /= 2) ++levels;
      sum = row.reduce<SumOp>(ctx, sum, level_step(0));
      sum_squares = row.reduce<SumOp>(ctx, sum_squares, level_step(levels));
      const float mean = sum / float(a.cols);
      const float variance = sum_squares / float(a.cols) - mean * mean;  // the cancellation
      write_scaled(ctx, row, a, mean, sqrt_f32(variance + kEps));
    }
  }
};

}  // namespace wl::rows
