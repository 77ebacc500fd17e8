// racy-increment (a pitfall): count = bins[x]; bins[x] = count + 1, with no atomic, on the
// block's private bins in shared memory (then merged into the global bins with atomics, as
// shared-atomics does).
//
// Two lanes that read the same bin before either writes it both write the old count plus one:
// one of the two updates is lost. A warp loads for all its lanes before it stores, so within a
// warp the loss is certain (the __syncwarp only says so); between warps it depends on timing.
// The lost updates are the lesson: the histogram adds up to less than n, and compute-sanitizer's
// racecheck reports the hazards.
// Origin: the first histogram kernel of the classic courses, shown to motivate atomicAdd.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/histogram/variant.h"

namespace wl::histogram {

struct RacyIncrement {
  static constexpr HistogramVariantInfo info{
      "racy-increment", "read the count, add one, write it back: lanes on the same bin overwrite each other",
      "the classic course's first histogram, before atomicAdd", Shape::Atomics,
      /*privatized=*/true, /*pitfall=*/true, /*deterministic_trace=*/false};

  static constexpr unsigned shared_bytes(unsigned bins) { return shared_array_bytes<std::uint32_t>(bins); }

  template <class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const HistogramArgs& a) {
    ctx.step(bin_round(0));
    Shared<std::uint32_t> own = clear_private_bins(ctx, a.bins);
    for_each_sample(ctx, a, [&](std::int32_t x) {
      const bool counted = ctx.branch(in_range(x, a.bins));
      std::uint32_t count = 0;
      if (counted) count = ctx.ld(own, unsigned(x));
      ctx.syncwarp(0xffffffffu);  // every lane has read before any lane writes
      if (counted) ctx.st(own, unsigned(x), count + 1);
    });
    merge_private_bins(ctx, a, own);
  }
};

}  // namespace wl::histogram
