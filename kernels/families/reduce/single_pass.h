// single-pass: one launch computes the final value. Each block writes its partial, makes it
// visible with __threadfence, and takes a ticket from a global counter; the block that draws
// the last ticket knows every partial is in memory, and reduces them.
//
// Multi-launch reductions pay a second launch and a trip of the partials through the host's
// control flow; atomics make float sums order-dependent. The ticket gives a deterministic
// tree in one launch. Without the fence, the last block could read a partial that another
// block's write has not yet made visible.
// Origin: cuda-samples threadFenceReduction (CUDA Programming Guide, memory fence functions).
#pragma once
#include "kernels/block/block_reduce.h"
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct SinglePass {
  static constexpr ReduceVariantInfo info{
      "single-pass", "blocks write partials, fence, take a ticket; the last block finishes",
      "cuda-samples threadFenceReduction", Finish::LastBlock, GridShape::GridStride, 32,
      /*pitfall=*/false, /*deterministic_trace=*/false};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return last_block_finish_shared_bytes<T>(); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    Shared<T> warp_totals = shared_array<T>(ctx, 32);
    Shared<unsigned> am_last = shared_array<unsigned>(ctx, 1);
    const std::uint64_t stride = std::uint64_t(ctx.block_dim()) * ctx.grid_dim();

    T v = identity<Op, T>();
    for (std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
         ctx.branch(i < a.n); i += stride) {
      T x = ctx.ld(a.in, i);
      v = Op::apply(v, x);
    }
    T total = block_reduce<Op>(ctx, warp_totals, v, level_step(0));
    finish_in_last_block<Op>(ctx, a, warp_totals, am_last, total);
  }
};

}  // namespace wl::reduce
