// What every rows variant shares: the operators, the arguments, the three ways rows map onto
// threads (a block, a warp or one thread a row) and the statistics written once over them.
//
// The input is a matrix of `rows` rows of `cols` f32 values, row after row; the output is the
// same matrix normalised row by row: softmax, layer norm or RMS norm (no learned scale or
// shift). A thread's statistic is combined across the row's threads by its mapping's reduce,
// which hands the row's total to every thread of the row.
#pragma once
#include <cstdint>

#include "kernels/dialect/dialect.h"
#include "kernels/families/rows/variant_info.h"

namespace wl::rows {

// The operators: tags the kernels dispatch on (the family's Ops, by name).
struct Softmax {
  static constexpr const char* name = "softmax";
  static constexpr unsigned bit = kSoftmaxBit;
};
struct LayerNorm {
  static constexpr const char* name = "layernorm";
  static constexpr unsigned bit = kLayerNormBit;
};
struct RmsNorm {
  static constexpr const char* name = "rmsnorm";
  static constexpr unsigned bit = kRmsNormBit;
};

// Added to the variance (layer norm) and to the mean square (RMS norm) before the square root.
constexpr float kEps = 1e-5f;

struct RowsArgs {
  Global<const float> in;
  Global<float> out;
  std::uint64_t rows = 0;
  unsigned cols = 0;
  Global<float> first, second;  // three-pass: each row's statistics, from one launch to the next
};

// Sites recorded from this file are kFamilySites + line (kernels/dialect/README.md).
constexpr unsigned kFamilySites = 5000;

// Pass 1 over a row is the load step and its tree's levels; pass p > 1, pass_step(p).
WL_HOST_DEVICE StepId read_step(unsigned pass) { return pass == 1 ? kLoadStep : pass_step(pass); }
WL_HOST_DEVICE StepId first_level(unsigned pass) { return pass == 1 ? level_step(0) : pass_step(pass, 0); }

// The block's values combined by Op (core/ops.h) in a shared-memory tree with sequential
// addressing (stride halves each level; threads below it work), levels recorded as steps
// first, first + 1, ...; every thread gets the total.
template <class Op, class Ctx>
WL_DEVICE float block_tree(Ctx& ctx, Shared<float> tree, float v, StepId first) {
  constexpr unsigned S = kFamilySites;
  const unsigned tid = ctx.thread_idx();
  ctx.st(tree, tid, v, S + __LINE__);
  ctx.sync(S + __LINE__);
  StepId step = first;
  for (unsigned stride = ctx.block_dim() / 2; stride > 0; stride /= 2) {
    ctx.step(step++);
    if (ctx.branch(tid < stride, S + __LINE__)) {
      const float left = ctx.ld(tree, tid, S + __LINE__);
      const float right = ctx.ld(tree, tid + stride, S + __LINE__);
      ctx.st(tree, tid, Op::apply(left, right), S + __LINE__);
    }
    ctx.sync(S + __LINE__);
  }
  const float total = ctx.ld(tree, 0, S + __LINE__);
  ctx.sync(S + __LINE__);  // every thread has read it before the tree is written again
  return total;
}

// A block a row: block b normalises row b; thread t owns columns t, t + block, t + 2 block, ...
// so a warp's loads are 32 consecutive values (coalesced).
struct BlockRow {
  std::uint64_t row = 0;
  Shared<float> tree;

  template <class Ctx>
  WL_DEVICE BlockRow(Ctx& ctx, const RowsArgs&) : row(ctx.block_idx()) {
    tree = shared_array<float>(ctx, ctx.block_dim(), kFamilySites + __LINE__);
  }
  WL_DEVICE bool active() const { return true; }
  template <class Ctx, class F>
  WL_DEVICE void each(Ctx& ctx, const RowsArgs& a, F&& f) const {
    const std::uint64_t first = row * a.cols;
    for (unsigned j = ctx.thread_idx(); ctx.branch(j < a.cols, kFamilySites + __LINE__); j += ctx.block_dim())
      f(first + j);
  }
  template <class Op, class Ctx>
  WL_DEVICE float reduce(Ctx& ctx, float v, StepId first) const {
    return block_tree<Op>(ctx, tree, v, first);
  }
};

// A statistic of the row in one pass: each thread combines term(x) over its columns (starting
// from init), then the mapping combines the threads' values.
template <class Op, class Row, class Ctx, class Term>
WL_DEVICE float row_reduce(Ctx& ctx, const Row& row, const RowsArgs& a, unsigned pass, float init, Term&& term) {
  ctx.step(read_step(pass));
  float v = init;
  row.each(ctx, a, [&](std::uint64_t i) {
    const float x = ctx.ld(a.in, i, kFamilySites + __LINE__);
    v = Op::apply(v, term(x));
  });
  return row.template reduce<Op>(ctx, v, first_level(pass));
}

// The statistics, each one pass over the row.
template <class Row, class Ctx>
WL_DEVICE float row_max(Ctx& ctx, const Row& row, const RowsArgs& a, unsigned pass) {
  return row_reduce<MaxOp>(ctx, row, a, pass, -inf_f32(), [](float x) { return x; });
}
template <class Row, class Ctx>
WL_DEVICE float row_sum_exp(Ctx& ctx, const Row& row, const RowsArgs& a, unsigned pass, float max) {
  return row_reduce<SumOp>(ctx, row, a, pass, 0.0f, [&](float x) { return exp_f32(x - max); });
}
template <class Row, class Ctx>
WL_DEVICE float row_mean(Ctx& ctx, const Row& row, const RowsArgs& a, unsigned pass) {
  return row_reduce<SumOp>(ctx, row, a, pass, 0.0f, [](float x) { return x; }) / float(a.cols);
}
// Two-pass: the mean is known, so the squares are of small numbers (no cancellation).
template <class Row, class Ctx>
WL_DEVICE float row_variance(Ctx& ctx, const Row& row, const RowsArgs& a, unsigned pass, float mean) {
  return row_reduce<SumOp>(ctx, row, a, pass, 0.0f, [&](float x) { return (x - mean) * (x - mean); }) /
         float(a.cols);
}
template <class Row, class Ctx>
WL_DEVICE float row_mean_square(Ctx& ctx, const Row& row, const RowsArgs& a, unsigned pass) {
  return row_reduce<SumOp>(ctx, row, a, pass, 0.0f, [](float x) { return x * x; }) / float(a.cols);
}

// The last pass: every value read again and written normalised.
template <class Row, class Ctx>
WL_DEVICE void write_softmax(Ctx& ctx, const Row& row, const RowsArgs& a, float max, float sum) {
  ctx.step(kFinishStep);
  row.each(ctx, a, [&](std::uint64_t i) {
    const float x = ctx.ld(a.in, i, kFamilySites + __LINE__);
    ctx.st(a.out, i, exp_f32(x - max) / sum, kFamilySites + __LINE__);
  });
}
// y = (x - center) / scale: layer norm's mean and sqrt(variance + eps), RMS norm's 0 and
// sqrt(mean square + eps).
template <class Row, class Ctx>
WL_DEVICE void write_scaled(Ctx& ctx, const Row& row, const RowsArgs& a, float center, float scale) {
  ctx.step(kFinishStep);
  row.each(ctx, a, [&](std::uint64_t i) {
    const float x = ctx.ld(a.in, i, kFamilySites + __LINE__);
    ctx.st(a.out, i, (x - center) / scale, kFamilySites + __LINE__);
  });
}

// The textbook form of each operator on a row mapping: softmax and layer norm read the row
// three times (two statistics, then the write), RMS norm twice.
template <class Op, class Row, class Ctx>
WL_DEVICE void normalise(Ctx& ctx, const Row& row, const RowsArgs& a) {
  if constexpr (Op::bit == kSoftmaxBit) {
    const float max = row_max(ctx, row, a, 1);
    const float sum = row_sum_exp(ctx, row, a, 2, max);
    write_softmax(ctx, row, a, max, sum);
  } else if constexpr (Op::bit == kLayerNormBit) {
    const float mean = row_mean(ctx, row, a, 1);
    const float variance = row_variance(ctx, row, a, 2, mean);
    write_scaled(ctx, row, a, mean, sqrt_f32(variance + kEps));
  } else {
    const float mean_square = row_mean_square(ctx, row, a, 1);
    write_scaled(ctx, row, a, 0.0f, sqrt_f32(mean_square + kEps));
  }
}

}  // namespace wl::rows
