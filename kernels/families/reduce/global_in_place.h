// global-in-place: the tree in global memory, in place, with no shared memory. Each block
// combines 2 x blockDim elements: the stride starts at blockDim and halves, in[i] += in[i + s],
// with a barrier after each level (it makes a block's global writes visible to the block).
//
// Every level reads two elements and writes one through global memory, where sequential's
// tree does it in shared memory: the Memory view and the metrics count the sectors it moves.
// The input is consumed, so the driver copies it first ("input copy (consumed)").
// Origin: the seeds' first reduction kernel, "reduce with global memory".
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct GlobalInPlace {
  static constexpr ReduceVariantInfo info{
      "global-in-place", "the tree in global memory, in place: every level a round trip to memory, no shared memory",
      "the seeds' reduce with global memory", Finish::Partials, GridShape::TwoPerThread, 1,
      /*pitfall=*/false, /*deterministic_trace=*/true, /*atomics_per_block=*/1, /*in_place=*/true};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return 0; }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    const unsigned tid = ctx.thread_idx();
    const std::uint64_t base = std::uint64_t(ctx.block_idx()) * 2 * ctx.block_dim();

    unsigned level = 0;
    for (unsigned s = ctx.block_dim(); s > 0; s >>= 1, ++level) {
      ctx.step(level_step(level));
      if (ctx.branch(tid < s && base + tid + s < a.n)) {
        T left = ctx.ld(a.work, base + tid);
        T right = ctx.ld(a.work, base + tid + s);
        ctx.st(a.work, base + tid, Op::apply(left, right));
      }
      ctx.sync();
    }

    ctx.step(kFinishStep);
    if (ctx.branch(tid == 0)) {
      T total = ctx.ld(a.work, base);
      ctx.st(a.out, ctx.block_idx(), total);
    }
  }
};

}  // namespace wl::reduce
