// register-resident: the row read once, kept in registers (and shared memory past what they
// hold), and written once.
//
// Thread t holds columns t + k * block for k < 8 in registers; a longer row's remaining
// columns wait in shared memory, each in a slot only its own thread touches (no barrier). Every
// statistic after the first is computed from what the thread holds: softmax's exp(x - max)
// replaces x in place and is divided by the sum at the write. Global memory sees each value
// twice, one read and one write, the least any softmax can move; block-per-row reads it three
// times. The limit: 8 values a thread in registers, and shared memory for the rest (48 KiB).
// Origin: the persistent softmax (PyTorch's softmax_warp_forward for rows up to 1024; OneFlow's
// SoftmaxBlockSMemImpl keeps the row in shared memory).
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/rows/variant.h"

namespace wl::rows {

constexpr unsigned kRegisterItems = 8;
// The shared memory a block may use without opting in (every GPU since Kepler).
constexpr unsigned kSharedLimit = 48 * 1024;

// What a thread holds of its row: columns t + k * block in r[k] for k < 8, then in spill.
struct HeldRow {
  float r[kRegisterItems];
  Shared<float> spill;
  unsigned in_registers = 0;  // 8 * block: columns held in registers
  std::uint64_t first = 0;    // the row's first element

  // f(x) for each value held (registers, then shared memory); returns the values' fold with Op.
  template <class Op, class Ctx, class F>
  WL_DEVICE float fold(Ctx& ctx, unsigned cols, float init, F&& f) {
    float v = init;
WL_UNROLL
    for (unsigned k = 0; k < kRegisterItems; ++k)
      if (ctx.branch(ctx.thread_idx() + k * ctx.block_dim() < cols)) v = Op::apply(v, f(r[k]));
    for (unsigned j = in_registers + ctx.thread_idx(); ctx.branch(j < cols); j += ctx.block_dim()) {
      const float x = ctx.ld(spill, j - in_registers);
      v = Op::apply(v, f(x));
    }
    return v;
  }
  // Each value held replaced by f(x).
  template <class Ctx, class F>
  WL_DEVICE void map(Ctx& ctx, unsigned cols, F&& f) {
WL_UNROLL
    for (unsigned k = 0; k < kRegisterItems; ++k)
      if (ctx.branch(ctx.thread_idx() + k * ctx.block_dim() < cols)) r[k] = f(r[k]);
    for (unsigned j = in_registers + ctx.thread_idx(); ctx.branch(j < cols); j += ctx.block_dim()) {
      const float x = ctx.ld(spill, j - in_registers);
      ctx.st(spill, j - in_registers, f(x));
    }
  }
  // out = f(x) for each value held: the one write.
  template <class Ctx, class F>
  WL_DEVICE void write(Ctx& ctx, Global<float> out, unsigned cols, F&& f) {
WL_UNROLL
    for (unsigned k = 0; k < kRegisterItems; ++k) {
      const unsigned j = ctx.thread_idx() + k * ctx.block_dim();
      if (ctx.branch(j < cols)) ctx.st(out, first + j, f(r[k]));
    }
    for (unsigned j = in_registers + ctx.thread_idx(); ctx.branch(j < cols); j += ctx.block_dim()) {
      const float x = ctx.ld(spill, j - in_registers);
      ctx.st(out, first + j, f(x));
    }
  }
};

struct RegisterResident {
  static constexpr RowsVariantInfo info{
      "register-resident", "the row read once into registers (shared memory past 8 a thread), written once",
      "the persistent softmax (PyTorch softmax_warp_forward, OneFlow SMem)", Layout::BlockPerRow};

  static constexpr unsigned spilled(unsigned block, unsigned cols) {
    return cols > kRegisterItems * block ? cols - kRegisterItems * block : 0;
  }
  static constexpr unsigned shared_bytes(unsigned block, unsigned cols) {
    return shared_array_bytes<float>(block) + shared_array_bytes<float>(spilled(block, cols));
  }

  template <class Op, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const RowsArgs& a) {
    const BlockRow row(ctx, a);
    HeldRow held;
    held.in_registers = kRegisterItems * ctx.block_dim();
    held.first = row.row * a.cols;
    held.spill = shared_array<float>(ctx, spilled(ctx.block_dim(), a.cols));

    // The only read: every value into a register or the thread's shared slots.
WL_UNROLL
    for (unsigned k = 0; k < kRegisterItems; ++k) {
      const unsigned j = ctx.thread_idx() + k * ctx.block_dim();
      held.r[k] = 0;
      if (ctx.branch(j < a.cols)) held.r[k] = ctx.ld(a.in, held.first + j);
    }
    for (unsigned j = held.in_registers + ctx.thread_idx(); ctx.branch(j < a.cols); j += ctx.block_dim()) {
      const float x = ctx.ld(a.in, held.first + j);
      ctx.st(held.spill, j - held.in_registers, x);
    }

    const float cols = float(a.cols);
    if constexpr (Op::bit == kSoftmaxBit) {
      float max = held.fold<MaxOp>(ctx, a.cols, -inf_f32(), [](float x) { return x; });
      max = row.reduce<MaxOp>(ctx, max, level_step(0));
      ctx.step(pass_step(2));
      held.map(ctx, a.cols, [&](float x) { return exp_f32(x - max); });
      float sum = held.fold<SumOp>(ctx, a.cols, 0.0f, [](float e) { return e; });
      sum = row.reduce<SumOp>(ctx, sum, pass_step(2, 0));
      ctx.step(kFinishStep);
      held.write(ctx, a.out, a.cols, [&](float e) { return e / sum; });
    } else if constexpr (Op::bit == kLayerNormBit) {
      float mean = held.fold<SumOp>(ctx, a.cols, 0.0f, [](float x) { return x; });
      mean = row.reduce<SumOp>(ctx, mean, level_step(0)) / cols;
      ctx.step(pass_step(2));
      float variance = held.fold<SumOp>(ctx, a.cols, 0.0f, [&](float x) { return (x - mean) * (x - mean); });
      variance = row.reduce<SumOp>(ctx, variance, pass_step(2, 0)) / cols;
      const float scale = sqrt_f32(variance + kEps);
      ctx.step(kFinishStep);
      held.write(ctx, a.out, a.cols, [&](float x) { return (x - mean) / scale; });
    } else {
      float mean_square = held.fold<SumOp>(ctx, a.cols, 0.0f, [](float x) { return x * x; });
      mean_square = row.reduce<SumOp>(ctx, mean_square, level_step(0)) / cols;
      const float scale = sqrt_f32(mean_square + kEps);
      ctx.step(kFinishStep);
      held.write(ctx, a.out, a.cols, [&](float x) { return x / scale; });
    }
  }
};

}  // namespace wl::rows
