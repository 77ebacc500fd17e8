// endless-loop: reduce's sequential with the loop every course sees once: an unsigned s >= 0
// is always true, so the threads go round forever, meeting at the barrier each time.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct EndlessLoop {
  static constexpr ReduceVariantInfo info{
      "endless-loop", "tid < s with stride halving, its loop condition always true",
      "Harris kernel 3, cuda-samples reduce2", Finish::Partials, GridShape::OnePerElement, 1};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned block) { return shared_array_bytes<T>(block); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    Shared<T> sdata = shared_array<T>(ctx, ctx.block_dim());
    const unsigned tid = ctx.thread_idx();
    const std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + tid;

    T v = identity<Op, T>();
    if (ctx.branch(i < a.n)) v = ctx.ld(a.in, i);
    ctx.st(sdata, tid, v);
    ctx.sync();

    for (unsigned s = ctx.block_dim() / 2; s >= 0; s >>= 1) {  // the bug: s >= 0 always holds
      if (ctx.branch(tid < s)) {
        T left = ctx.ld(sdata, tid);
        T right = ctx.ld(sdata, tid + s);
        ctx.st(sdata, tid, Op::apply(left, right));
      }
      ctx.sync();
    }
  }
};

}  // namespace wl::reduce
