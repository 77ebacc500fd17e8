// one-per-thread: each thread copies one element from `in` to `out`.
#pragma once
#include "tests/families/copy_twice/variant.h"

namespace wl::copy_twice {

struct OnePerThread {
  static constexpr CopyVariantInfo info{"one-per-thread", "each thread copies one element, launch after launch", "tests"};

  template <class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const CopyArgs<T>& a) {
    const std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
    ctx.step(kLoadStep);
    if (ctx.branch(i < a.in.size)) {
      const T v = ctx.ld(a.in, i);
      ctx.step(kFinishStep);
      ctx.st(a.out, i, v);
    }
  }
};

}  // namespace wl::copy_twice
