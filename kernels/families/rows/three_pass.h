// three-pass: the textbook softmax as a library composes it: one launch a pass.
//
// Launch 1 reduces each row to its max, launch 2 each row to the sum of exp(x - max), launch 3
// writes exp(x - max) / sum, one thread an element. Each launch reads the whole row from global
// memory again, and the statistics go through global memory between launches (the row max and
// sum buffers in the trace), so a launch cannot start before the last one ends. Layer norm is
// the same: mean, variance, normalise; RMS norm two launches (mean square, normalise). Each
// statistic is a block a row, reduced in a shared-memory tree (block-per-row's), so what the
// later variants save is the launches and the reads, not the tree.
// Origin: softmax written as separate max, sub-exp-sum and divide kernels (the unfused library
// path, e.g. PyTorch eager ops composed by hand).
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/rows/variant.h"

namespace wl::rows {

struct ThreePass {
  static constexpr RowsVariantInfo info{
      "three-pass", "the textbook softmax: a launch for the row max, one for the sum of exponentials, one to divide",
      "the unfused library path: max, sum of exp, divide", Layout::ThreePass};

  static constexpr unsigned shared_bytes(unsigned block, unsigned) { return shared_array_bytes<float>(block); }

  // Launch 1: the row's first statistic (softmax's max, layer norm's mean, RMS norm's mean square).
  template <class Op>
  struct First {
    RowsArgs a;
    template <class Ctx>
    WL_DEVICE void operator()(Ctx& ctx) const {
      const BlockRow row(ctx, a);
      float stat = 0;
      if constexpr (Op::bit == kSoftmaxBit) stat = row_max(ctx, row, a, 1);
      else if constexpr (Op::bit == kLayerNormBit) stat = row_mean(ctx, row, a, 1);
      else stat = row_mean_square(ctx, row, a, 1);
      ctx.step(kFinishStep);
      if (ctx.branch(ctx.thread_idx() == 0)) ctx.st(a.first, row.row, stat);
    }
  };

  // Launch 2 (softmax, layer norm): the second statistic, given the first.
  template <class Op>
  struct Second {
    RowsArgs a;
    template <class Ctx>
    WL_DEVICE void operator()(Ctx& ctx) const {
      const BlockRow row(ctx, a);
      const float first = ctx.ld(a.first, row.row);
      float stat = 0;
      if constexpr (Op::bit == kSoftmaxBit) stat = row_sum_exp(ctx, row, a, 1, first);
      else stat = row_variance(ctx, row, a, 1, first);
      ctx.step(kFinishStep);
      if (ctx.branch(ctx.thread_idx() == 0)) ctx.st(a.second, row.row, stat);
    }
  };

  // The last launch: one thread an element, its row's statistics read from global memory.
  template <class Op>
  struct Write {
    RowsArgs a;
    template <class Ctx>
    WL_DEVICE void operator()(Ctx& ctx) const {
      const std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
      if (!ctx.branch(i < a.rows * a.cols)) return;
      const std::uint64_t r = i / a.cols;
      const float x = ctx.ld(a.in, i);
      const float first = ctx.ld(a.first, r);
      float y = 0;
      if constexpr (Op::bit == kRmsNormBit) {
        y = x / sqrt_f32(first + kEps);
      } else {
        const float second = ctx.ld(a.second, r);
        if constexpr (Op::bit == kSoftmaxBit) y = exp_f32(x - first) / second;
        else y = (x - first) / sqrt_f32(second + kEps);
      }
      ctx.step(kFinishStep);
      ctx.st(a.out, i, y);
    }
  };
};

}  // namespace wl::rows
