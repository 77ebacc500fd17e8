// speed-of-light: a persistent grid (a few blocks per multiprocessor) streams the input with
// 16-byte vector loads, four in flight per thread, then reduces with shuffles and finishes in
// the last block.
//
// A reduction is bound by memory bandwidth: each element is read once and barely used. What
// matters is keeping enough bytes in flight: wide loads mean fewer instructions per byte, and
// several independent loads per thread hide the memory latency. A grid sized to the machine
// pays the block-level tree only a few hundred times. Its target is CUB's DeviceReduce, timed
// in the same run (`warplens bench`).
// Origin: Harris's closing advice, CUB DeviceReduce's tuning (vector loads, items per thread).
#pragma once
#include "kernels/block/block_reduce.h"
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct SpeedOfLight {
  static constexpr ReduceVariantInfo info{
      "speed-of-light", "persistent grid, 16-byte loads, 4 in flight, last-block finish",
      "CUB DeviceReduce-style tuning", Finish::LastBlock, GridShape::Persistent, 32,
      /*pitfall=*/false, /*deterministic_trace=*/false};
  static constexpr unsigned kLoadsInFlight = 4;

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return last_block_finish_shared_bytes<T>(); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    constexpr unsigned W = kVecWidth<T>;
    Shared<T> warp_totals = shared_array<T>(ctx, 32);
    Shared<unsigned> am_last = shared_array<unsigned>(ctx, 1);
    const std::uint64_t threads = std::uint64_t(ctx.block_dim()) * ctx.grid_dim();
    const std::uint64_t gtid = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
    const std::uint64_t vectors = a.n / W;

    T v = identity<Op, T>();
    std::uint64_t j = gtid;
    for (; ctx.branch(j + (kLoadsInFlight - 1) * threads < vectors); j += kLoadsInFlight * threads) {
      Vec<T, W> x[kLoadsInFlight];
WL_UNROLL
      for (unsigned k = 0; k < kLoadsInFlight; ++k) x[k] = ctx.ld_vec(a.in, (j + k * threads) * W);
WL_UNROLL
      for (unsigned k = 0; k < kLoadsInFlight; ++k)
WL_UNROLL
        for (unsigned e = 0; e < W; ++e) v = Op::apply(v, x[k].v[e]);
    }
    for (; ctx.branch(j < vectors); j += threads) {
      Vec<T, W> x = ctx.ld_vec(a.in, j * W);
WL_UNROLL
      for (unsigned e = 0; e < W; ++e) v = Op::apply(v, x.v[e]);
    }
    if (ctx.branch(vectors * W + gtid < a.n)) {  // the last n % W elements
      T x = ctx.ld(a.in, vectors * W + gtid);
      v = Op::apply(v, x);
    }

    T total = block_reduce<Op>(ctx, warp_totals, v, level_step(0));
    finish_in_last_block<Op>(ctx, a, warp_totals, am_last, total);
  }
};

}  // namespace wl::reduce
