// racy-increment (a pitfall): count = counts[bin]; counts[bin] = count + 1, with no atomic.
//
// Two lanes that read the same bin before either writes it both write the old count plus one:
// one of the two updates is lost. A warp loads for all its lanes before it stores, so within a
// warp the loss is certain (the __syncwarp only says so); across warps and blocks it depends on
// timing. The lost updates are the lesson: the histogram sums to less than n.
// Origin: the first histogram kernel of the classic courses, shown to motivate atomicAdd.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/histogram/variant.h"

namespace wl::histogram {

struct RacyIncrement {
  static constexpr VariantInfo info{
      "racy-increment", "read the count, add one, write it back: lanes on the same bin overwrite each other",
      "the classic course's first histogram, before atomicAdd", Shape::Atomics,
      /*privatized=*/false, /*pitfall=*/true, /*deterministic_trace=*/false};

  static constexpr unsigned shared_bytes(unsigned) { return 0; }

  template <class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const HistogramArgs& a) {
    ctx.step(bin_round(0));
    for_each_sample(ctx, a, [&](std::int32_t x) {
      const bool counted = ctx.branch(in_range(x, a.bins));
      std::uint32_t count = 0;
      if (counted) count = ctx.ld(a.counts, std::uint64_t(x));
      ctx.syncwarp(0xffffffffu);  // every lane has read before any lane writes
      if (counted) ctx.st(a.counts, std::uint64_t(x), count + 1);
    });
  }
};

}  // namespace wl::histogram
