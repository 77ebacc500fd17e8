// welford: layer norm's mean and variance in one read: Welford's running (count, mean, M2),
// merged pairwise up the tree with Chan et al.'s formula.
//
// Each thread updates, per value x: count += 1, delta = x - mean, mean += delta / count,
// M2 += delta * (x - mean): every step subtracts the current mean, so nothing large is
// subtracted from anything large (variance-naive's cancellation never happens). Two threads'
// triples (na, ma, M2a) and (nb, mb, M2b) merge as n = na + nb, delta = mb - ma,
// mean = ma + delta * nb / n, M2 = M2a + M2b + delta^2 * na * nb / n; the variance is M2 / cols.
// One read for both statistics where two-pass makes two; then one more to write.
// Origin: Welford (1962); Chan, Golub & LeVeque (1979) for the pairwise merge; Apex's and
// PyTorch's layer norm kernels.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/rows/variant.h"

namespace wl::rows {

struct Welford {
  static constexpr RowsVariantInfo info{
      "welford", "layer norm in one read: Welford's (count, mean, M2), merged pairwise up the tree (Chan et al.)",
      "Welford 1962; Chan, Golub & LeVeque 1979", Layout::BlockPerRow, Stats::Welford, kLayerNormBit,
      "welford is layer norm's one-read mean and variance; softmax's one-read form is online, and RMS norm has no mean"};

  static constexpr unsigned shared_bytes(unsigned block, unsigned) { return 3 * shared_array_bytes<float>(block); }

  template <class Op, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const RowsArgs& a) {
    if constexpr (Op::bit == kLayerNormBit) {
      const BlockRow row(ctx, a);
      const Shared<float> counts = row.tree;
      const Shared<float> means = shared_array<float>(ctx, ctx.block_dim());
      const Shared<float> m2s = shared_array<float>(ctx, ctx.block_dim());
      const unsigned tid = ctx.thread_idx();

      float count = 0, mean = 0, m2 = 0;
      row.each(ctx, a, [&](std::uint64_t i) {
        const float x = ctx.ld(a.in, i);
        count += 1;
        const float delta = x - mean;
        mean += delta / count;
        m2 += delta * (x - mean);
      });

      ctx.st(counts, tid, count);
      ctx.st(means, tid, mean);
      ctx.st(m2s, tid, m2);
      ctx.sync();
      unsigned level = 0;
      for (unsigned stride = ctx.block_dim() / 2; stride > 0; stride /= 2) {
        ctx.step(level_step(level++));
        if (ctx.branch(tid < stride)) {
          const float na = ctx.ld(counts, tid);
          const float ma = ctx.ld(means, tid);
          const float m2a = ctx.ld(m2s, tid);
          const float nb = ctx.ld(counts, tid + stride);
          const float mb = ctx.ld(means, tid + stride);
          const float m2b = ctx.ld(m2s, tid + stride);
          const float n = na + nb;
          const float share = n > 0 ? nb / n : 0.0f;  // threads past the row's end hold n = 0
          const float delta = mb - ma;
          // delta * delta * (na * share), not delta^2 * na * nb / n: no overflow for |x| up to 1e19
          ctx.st_from(counts, tid, n, 0b001001);
          ctx.st_from(means, tid, ma + delta * share, 0b011011);
          ctx.st_from(m2s, tid, m2a + m2b + delta * delta * (na * share), 0b111111);
        }
        ctx.sync();
      }
      const float row_mean = ctx.ld(means, 0);
      const float row_m2 = ctx.ld(m2s, 0);
      write_scaled(ctx, row, a, row_mean, sqrt_f32(row_m2 / float(a.cols) + kEps));
    }
  }
};

}  // namespace wl::rows
