// exercise: Privatise the bins
// run: --n 65536 --block 256 --pattern skewed
// goal: correct
// goal: excess_sectors < global-atomics
// goal: busiest_thread <= 5
// solution: shared-atomics
//
// Every item is an atomicAdd on the global bins: a trip to L2, scattered over many sectors. Let
// each block count into its own copy of the bins in shared memory (shared_bytes receives the
// number of bins), cleared before and added to the global bins after, once per bin and block:
// variant.h has helpers for both ends. The check counts global-memory sectors moved past the
// ideal; the lanes on one hot bin still serialise, now in shared memory (the next exercise).
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/histogram/variant.h"

namespace wl::histogram {

struct Privatise10 {
  static constexpr HistogramVariantInfo info{
      "10-privatise", "exercise: count in private shared-memory bins, then one global atomic per bin and block",
      "WarpLens exercise 10, after PMPP ch. 9 (privatisation)", Shape::Atomics};

  static constexpr unsigned shared_bytes(unsigned) { return 0; }

  template <class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const HistogramArgs& a) {
    ctx.step(bin_round(0));
    for_each_sample(ctx, a, [&](std::int32_t x) {
      if (ctx.branch(in_range(x, a.bins))) ctx.atomic_add(a.counts, std::uint64_t(x), 1u);
    });
  }
};

}  // namespace wl::histogram
