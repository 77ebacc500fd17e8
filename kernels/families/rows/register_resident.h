// register-resident: the row read once into registers, written once; the speed-of-light form.
//
// Global memory sees each value twice, one read and one write, the least any softmax can move;
// block-per-row reads it three times. What else it changes, and why:
// - 16-byte loads and stores where the row allows (cols a multiple of 4): a quarter of the
//   instructions for the same bytes, and up to 8 loads in flight a thread.
// - The block is sized to the row (the plan: each thread's registers filled, between a warp and
//   --block), so short rows get many small blocks resident at once and long rows one large one;
//   either way a multiprocessor holds 1024 threads of 32 values, 128 KiB in flight.
// - Each statistic is one butterfly a warp, then one over the warps' totals (2 barriers a row
//   for softmax, not block-per-row's 2 x log2(block) tree levels).
// Thread t holds the 16-byte groups t, t + block, ... (8 of them: 32 values) in registers; a
// row longer than 32 x block keeps the rest in shared memory, each slot touched by its own
// thread only (no barrier). A row whose length is not a multiple of 4 is read a value at a
// time, 8 a thread in registers.
// Origin: the persistent softmax (PyTorch's softmax_warp_forward, OneFlow's SoftmaxBlockSMemImpl
// and its vectorised loads).
#pragma once
#include "kernels/block/block_reduce.h"
#include "kernels/dialect/dialect.h"
#include "kernels/dialect/launch_bounds.h"
#include "kernels/families/rows/variant.h"

namespace wl::rows {

constexpr unsigned kGroups = 8;  // accesses a thread holds in registers: 32 values (8 with scalar loads) fit 64 registers
// The shared memory a block may use without opting in (every GPU since Kepler).
constexpr unsigned kSharedLimit = 48 * 1024;

// Values an access: 16-byte vectors where every row starts 16-byte aligned, else one.
constexpr unsigned access_width(unsigned cols) { return cols % 4 == 0 ? 4 : 1; }
// The values of a row a block holds in registers; the rest is spilled to shared memory.
constexpr unsigned in_registers(unsigned block, unsigned cols) { return kGroups * access_width(cols) * block; }

// What a thread holds of its row, W values an access: group k of thread t is values
// W (t + k block) .. + W - 1; past kGroups x W x block, spill.
template <unsigned W>
struct HeldRow {
  Vec<float, W> r[kGroups];
  Shared<float> spill;
  unsigned cols = 0, in_registers = 0;  // kGroups x W x block
  std::uint64_t first = 0;              // the row's first element

  template <class Ctx>
  WL_DEVICE bool holds(Ctx& ctx, unsigned k, unsigned line) const {
    return ctx.branch(W * (ctx.thread_idx() + k * ctx.block_dim()) < cols, line);
  }
  template <class Ctx>
  WL_DEVICE std::uint64_t at(Ctx& ctx, unsigned k) const {
    return first + W * (ctx.thread_idx() + k * ctx.block_dim());
  }

  // The only read: every value into a register or the thread's shared slots.
  template <class Ctx>
  WL_DEVICE void load(Ctx& ctx, Global<const float> in) {
WL_UNROLL
    for (unsigned k = 0; k < kGroups; ++k) {
      r[k] = Vec<float, W>{};
      if (holds(ctx, k, __LINE__)) {
        if constexpr (W == 1) r[k].v[0] = ctx.ld(in, at(ctx, k), __LINE__);
        else r[k] = ctx.ld_vec(in, at(ctx, k), __LINE__);
      }
    }
    for (unsigned j = in_registers + ctx.thread_idx(); ctx.branch(j < cols, __LINE__); j += ctx.block_dim()) {
      const float x = ctx.ld(in, first + j, __LINE__);
      ctx.st(spill, j - in_registers, x, __LINE__);
    }
  }
  // f(x) for each value held; returns their fold with Op, from init.
  template <class Op, class Ctx, class F>
  WL_DEVICE float fold(Ctx& ctx, float init, F&& f) const {
    float v = init;
WL_UNROLL
    for (unsigned k = 0; k < kGroups; ++k)
      if (holds(ctx, k, __LINE__))
WL_UNROLL
        for (unsigned e = 0; e < W; ++e) v = Op::apply(v, f(r[k].v[e]));
    for (unsigned j = in_registers + ctx.thread_idx(); ctx.branch(j < cols, __LINE__); j += ctx.block_dim()) {
      const float x = ctx.ld(spill, j - in_registers, __LINE__);
      v = Op::apply(v, f(x));
    }
    return v;
  }
  // Each value held replaced by f(x).
  template <class Ctx, class F>
  WL_DEVICE void map(Ctx& ctx, F&& f) {
WL_UNROLL
    for (unsigned k = 0; k < kGroups; ++k)
WL_UNROLL
      for (unsigned e = 0; e < W; ++e) r[k].v[e] = f(r[k].v[e]);  // empty groups too: no branch, no harm
    for (unsigned j = in_registers + ctx.thread_idx(); ctx.branch(j < cols, __LINE__); j += ctx.block_dim()) {
      const float x = ctx.ld(spill, j - in_registers, __LINE__);
      ctx.st(spill, j - in_registers, f(x), __LINE__);
    }
  }
  // out = f(x) for each value held: the one write.
  template <class Ctx, class F>
  WL_DEVICE void write(Ctx& ctx, Global<float> out, F&& f) const {
WL_UNROLL
    for (unsigned k = 0; k < kGroups; ++k)
      if (holds(ctx, k, __LINE__)) {
        Vec<float, W> y;
WL_UNROLL
        for (unsigned e = 0; e < W; ++e) y.v[e] = f(r[k].v[e]);
        if constexpr (W == 1) ctx.st(out, at(ctx, k), y.v[0], __LINE__);
        else ctx.st_vec(out, at(ctx, k), y, __LINE__);
      }
    for (unsigned j = in_registers + ctx.thread_idx(); ctx.branch(j < cols, __LINE__); j += ctx.block_dim()) {
      const float x = ctx.ld(spill, j - in_registers, __LINE__);
      ctx.st(out, first + j, f(x), __LINE__);
    }
  }
};

struct RegisterResident {
  static constexpr RowsVariantInfo info{
      "register-resident", "the row read once into registers (16-byte loads, shared memory past 32 a thread), written once",
      "the persistent softmax (PyTorch softmax_warp_forward, OneFlow SMem)", Layout::SizedBlock};
  // Blocks of up to 1024 threads, each holding 32 values: at most 64 registers a thread.
  static constexpr LaunchBounds kBounds{1024, 1};

  // The block the plan launches: the fewest threads whose registers hold the row (a power of
  // two), at least a warp, at most the request's block (a multiple of 32, checked by
  // validate_rows).
  static constexpr unsigned block_for(unsigned cols, unsigned most) {
    unsigned block = 32;
    while (block < most && in_registers(block, cols) < cols) block *= 2;
    return block < most ? block : most;
  }
  static constexpr unsigned spilled(unsigned block, unsigned cols) {
    return cols > in_registers(block, cols) ? cols - in_registers(block, cols) : 0;
  }
  static constexpr unsigned shared_bytes(unsigned block, unsigned cols) {
    return 2 * block_reduce_shared_bytes<float>() + shared_array_bytes<float>(spilled(block, cols));
  }

  template <class Op, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const RowsArgs& a) {
    if (access_width(a.cols) == 4) body<Op, 4>(ctx, a);
    else body<Op, 1>(ctx, a);
  }

  template <class Op, unsigned W, class Ctx>
  WL_DEVICE static void body(Ctx& ctx, const RowsArgs& a) {
    const Shared<float> first_totals = shared_array<float>(ctx, 32);
    const Shared<float> second_totals = shared_array<float>(ctx, 32);
    HeldRow<W> held;
    held.cols = a.cols;
    held.in_registers = in_registers(ctx.block_dim(), a.cols);
    held.first = std::uint64_t(ctx.block_idx()) * a.cols;
    held.spill = shared_array<float>(ctx, spilled(ctx.block_dim(), a.cols));

    ctx.step(kLoadStep);
    held.load(ctx, a.in);
    const float cols = float(a.cols);
    if constexpr (Op::bit == kSoftmaxBit) {
      float max = held.template fold<MaxOp>(ctx, -inf_f32(), [](float x) { return x; });
      max = block_reduce_to_all<MaxOp>(ctx, first_totals, max, level_step(0));
      ctx.step(pass_step(2));
      held.map(ctx, [&](float x) { return exp_f32(x - max); });
      float sum = held.template fold<SumOp>(ctx, 0.0f, [](float e) { return e; });
      sum = block_reduce_to_all<SumOp>(ctx, second_totals, sum, pass_step(2, 0));
      ctx.step(kFinishStep);
      // measured: faster than a multiply by 1 / sum (an H100; on an H200 by 3-9%), unlike the norms'
      held.write(ctx, a.out, [&](float e) { return e / sum; });
    } else if constexpr (Op::bit == kLayerNormBit) {
      float mean = held.template fold<SumOp>(ctx, 0.0f, [](float x) { return x; });
      mean = block_reduce_to_all<SumOp>(ctx, first_totals, mean, level_step(0)) / cols;
      ctx.step(pass_step(2));
      float variance = held.template fold<SumOp>(ctx, 0.0f, [&](float x) { return (x - mean) * (x - mean); });
      variance = block_reduce_to_all<SumOp>(ctx, second_totals, variance, pass_step(2, 0)) / cols;
      // A multiply by the inverse scale, not a division a value: layer norm 0.1-1.1% faster on an
      // H200 at every cols, RMS norm 2% faster to 3% slower (one A/B run; softmax divides).
      const float inverse = 1.0f / sqrt_f32(variance + kEps);
      ctx.step(kFinishStep);
      held.write(ctx, a.out, [&](float x) { return (x - mean) * inverse; });
    } else {
      float mean_square = held.template fold<SumOp>(ctx, 0.0f, [](float x) { return x * x; });
      mean_square = block_reduce_to_all<SumOp>(ctx, first_totals, mean_square, level_step(0)) / cols;
      const float inverse = 1.0f / sqrt_f32(mean_square + kEps);
      ctx.step(kFinishStep);
      held.write(ctx, a.out, [&](float x) { return x * inverse; });
    }
  }
};

}  // namespace wl::rows
