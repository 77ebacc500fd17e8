// exercise: Reach the speed of light
// run: --n 67108864 --block 256 --type f32
// goal: correct
// goal: percent_of_copy >= 80
//
// A GPU exercise. This kernel is correct and modern (shuffles, one atomic per block), yet on an
// H100 it reads 2^26 floats at about 72% of a device copy's bandwidth. A reduction is bound by
// memory: make every thread keep more bytes in flight (16-byte vector loads, several independent
// loads per iteration) and size the grid to fill the GPU once, not to the input (the info's
// GridShape). On the simulator only `correct` can be judged; time it with a GPU.
#pragma once
#include "kernels/block/block_reduce.h"
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct SpeedOfLight07 {
  static constexpr ReduceVariantInfo info{
      "07-speed-of-light", "exercise: from warp-shuffle to the memory system's speed of light",
      "WarpLens exercise 07, after Luitjens and CUB DeviceReduce's tuning", Finish::LastBlock,
      GridShape::Persistent, 32, /*pitfall=*/false, /*deterministic_trace=*/false};  // the solution

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
