// exercise: Aggregate a warp's atomics
// run: --n 65536 --block 256 --pattern skewed
// goal: correct
// goal: atomic_passes <= warp-aggregated
// goal: busiest_thread <= 5
// solution: warp-aggregated
//
// The bins are private to the block now, but on skewed input most lanes of a warp want the same
// bin, and their 32 atomics on one address still serialise into 32 passes. Let the lanes that
// hold the same bin find each other (ctx.match_any, __match_any_sync) and let one of them add the
// size of the group: one atomic per distinct bin in the warp. Every lane must take part in the
// match, even one whose sample is in no bin.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/histogram/variant.h"

namespace wl::histogram {

struct WarpAggregate11 {
  static constexpr HistogramVariantInfo info{
      "11-warp-aggregate", "exercise: private bins, and one atomic per distinct bin in a warp",
      "WarpLens exercise 11, after warp-aggregated atomics (NVIDIA blog)", Shape::Atomics, /*privatized=*/true};

  static constexpr unsigned shared_bytes(unsigned bins) { return shared_array_bytes<std::uint32_t>(bins); }

  template <class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const HistogramArgs& a) {
    ctx.step(bin_round(0));
    Shared<std::uint32_t> own = clear_private_bins(ctx, a.bins);
    for_each_sample(ctx, a, [&](std::int32_t x) {
      if (ctx.branch(in_range(x, a.bins))) ctx.atomic_add(own, unsigned(x), 1u);
    });
    merge_private_bins(ctx, a, own);
  }
};

}  // namespace wl::histogram
