// warp-aggregated: the lanes of a warp that hold the same bin find each other
// (__match_any_sync), and one of them adds the group's size: one atomic per distinct bin in the
// warp, not one per lane. Counted in private shared bins, as shared-atomics.
//
// When most items want one bin, 32 serialised atomics become one; on uniform data over many
// bins the groups are single lanes and the match is pure overhead. The contention view shows
// both.
// Origin: warp-aggregated atomics (NVIDIA developer blog, "CUDA Pro Tip: Optimized Filtering
// with Warp-Aggregated Atomics"), with Volta's __match_any_sync.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/histogram/variant.h"

namespace wl::histogram {

struct WarpAggregated {
  static constexpr HistogramVariantInfo info{
      "warp-aggregated", "lanes with the same bin match up and one of them adds the group's size: one atomic per bin per warp",
      "warp-aggregated atomics with __match_any_sync (NVIDIA blog)", Shape::Atomics, /*privatized=*/true};

  static constexpr unsigned shared_bytes(unsigned bins) { return shared_array_bytes<std::uint32_t>(bins); }

  template <class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const HistogramArgs& a) {
    ctx.step(bin_round(0));
    Shared<std::uint32_t> own = clear_private_bins(ctx, a.bins);
    for_each_sample(ctx, a, [&](std::int32_t x) {
      const unsigned peers = ctx.match_any(0xffffffffu, x);  // the lanes holding x, this one included
      if (ctx.branch(in_range(x, a.bins) && ctx.lane() == lowest_lane(peers)))
        ctx.atomic_add(own, unsigned(x), popcount32(peers));
    });
    merge_private_bins(ctx, a, own);
  }
};

}  // namespace wl::histogram
