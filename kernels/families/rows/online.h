// online: softmax's max and sum in one read; the sum is rescaled whenever the max grows.
//
// Each thread keeps a running max m and the sum d of exp(x - m) over the values it has read.
// When x > m the sum so far was taken against too small a max: d *= exp(m - x), then m = x (a
// rescale: the branch at the marked line, which the Online rescale view counts). The threads'
// (m, d) pairs then merge up the shared-memory tree the same way: the larger max wins and the
// other sum is rescaled to it. One read for both statistics instead of two, then one more to
// write: 2 reads of the row where block-per-row makes 3.
// Layer and RMS norm are refused: their one-read form is Welford's (the welford variant).
// Origin: Milakov & Gimelshein, "Online normalizer calculation for softmax" (2018); the same
// merge is the core of FlashAttention.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/rows/variant.h"

namespace wl::rows {

// d, taken against max m, rescaled to the larger max `to`. A side that has seen only -inf
// (m = to = -inf) keeps its d = 0: exp(-inf - -inf) would be NaN.
WL_HOST_DEVICE float rescaled(float d, float m, float to) { return m == to ? d : d * exp_f32(m - to); }

struct Online {
  static constexpr RowsVariantInfo info{
      "online", "softmax's max and sum in one read, the sum rescaled when the max grows; then one read to write",
      "Milakov & Gimelshein 2018, online normalizer", Layout::BlockPerRow, Stats::Online, kSoftmaxBit,
      "online is softmax's one-read max and sum; the norms' one-read form is Welford's: use welford"};

  static constexpr unsigned shared_bytes(unsigned block, unsigned) { return 2 * shared_array_bytes<float>(block); }

  template <class Op, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const RowsArgs& a) {
    if constexpr (Op::bit == kSoftmaxBit) {
      const BlockRow row(ctx, a);
      const Shared<float> maxes = row.tree;
      const Shared<float> sums = shared_array<float>(ctx, ctx.block_dim());
      const unsigned tid = ctx.thread_idx();

      float m = -inf_f32(), d = 0;
      row.each(ctx, a, [&](std::uint64_t i) {
        const float x = ctx.ld(a.in, i);
        if (ctx.branch(x > m)) {  // a rescale
          d = rescaled(d, m, x);
          m = x;
        }
        d += x == -inf_f32() ? 0.0f : exp_f32(x - m);  // an -inf adds nothing, even before any finite x
      });

      // The pairs merge up the tree: level k, thread t takes in thread t + stride's.
      ctx.st(maxes, tid, m);
      ctx.st(sums, tid, d);
      ctx.sync();
      unsigned level = 0;
      for (unsigned stride = ctx.block_dim() / 2; stride > 0; stride /= 2) {
        ctx.step(level_step(level++));
        if (ctx.branch(tid < stride)) {
          const float m0 = ctx.ld(maxes, tid);
          const float d0 = ctx.ld(sums, tid);
          const float m1 = ctx.ld(maxes, tid + stride);
          const float d1 = ctx.ld(sums, tid + stride);
          const float to = MaxOp::apply(m0, m1);
          ctx.st_from(maxes, tid, to, 0b0101);
          ctx.st_from(sums, tid, rescaled(d0, m0, to) + rescaled(d1, m1, to), 0b1111);
        }
        ctx.sync();
      }
      const float max = ctx.ld(maxes, 0);
      const float sum = ctx.ld(sums, 0);
      write_softmax(ctx, row, a, max, sum);
    }
  }
};

}  // namespace wl::rows
