// unguarded-tail: reduce's sequential without its i < n, so only the last block of a grid that
// n does not fill reads out of bounds (tests/app/lab_session_test.cpp).
//
// sequential: the stride starts at half the block and halves; threads with tid < s combine
// sdata[tid] and sdata[tid + s].
//
// Consecutive lanes touch consecutive words, so there are no bank conflicts, and the active
// threads stay contiguous, so warps diverge only once fewer than 32 threads are left.
// Still, half the threads idle from the first level on: they only loaded one element.
// Origin: Harris kernel 3, cuda-samples reduce2.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct UnguardedTail {
  static constexpr ReduceVariantInfo info{
      "unguarded-tail", "tid < s with stride halving: conflict-free, contiguous active threads",
      "Harris kernel 3, cuda-samples reduce2", Finish::Partials, GridShape::OnePerElement, 1};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned block) { return shared_array_bytes<T>(block); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    Shared<T> sdata = shared_array<T>(ctx, ctx.block_dim());
    const unsigned tid = ctx.thread_idx();
    const std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + tid;

    T v = identity<Op, T>();
    v = ctx.ld(a.in, i);  // no i < n: the last block reads past the input, the bug this test expects
    ctx.st(sdata, tid, v);
    ctx.sync();

    unsigned level = 0;
    for (unsigned s = ctx.block_dim() / 2; s > 0; s >>= 1, ++level) {
      ctx.step(level_step(level));
      if (ctx.branch(tid < s)) {
        T left = ctx.ld(sdata, tid);
        T right = ctx.ld(sdata, tid + s);
        ctx.st(sdata, tid, Op::apply(left, right));
      }
      ctx.sync();
    }

    ctx.step(kFinishStep);
    if (ctx.branch(tid == 0)) {
      T total = ctx.ld(sdata, 0);
      ctx.st(a.out, ctx.block_idx(), total);
    }
  }
};

}  // namespace wl::reduce
