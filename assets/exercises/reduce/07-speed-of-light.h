// exercise: Reach the speed of light
// run: --n 67108864 --block 256 --type f32
// goal: correct
// goal: percent_of_copy >= 80
// solution: speed-of-light
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
      "WarpLens exercise 07, after Luitjens and CUB DeviceReduce's tuning", Finish::Atomic,
      GridShape::GridStride, 32};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return block_reduce_shared_bytes<T>(); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    Shared<T> warp_totals = shared_array<T>(ctx, 32);
    const std::uint64_t stride = std::uint64_t(ctx.block_dim()) * ctx.grid_dim();

    T v = identity<Op, T>();
    for (std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
         ctx.branch(i < a.n); i += stride) {
      T x = ctx.ld(a.in, i);
      v = Op::apply(v, x);
    }

    T total = block_reduce<Op>(ctx, warp_totals, v, level_step(0));
    ctx.step(kFinishStep);
    if (ctx.branch(ctx.thread_idx() == 0)) atomic_combine<Op>(ctx, a.out, 0, total);
  }
};

}  // namespace wl::reduce
