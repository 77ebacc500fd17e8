// shared-atomics: each block counts into its own copy of the bins in shared memory, then adds
// its copy to the global bins.
//
// Privatisation: the item's atomic stays in the block's shared memory, a few cycles away, and
// only one atomic per bin and block reaches global memory. Contention stays where it was, only
// cheaper: lanes on one bin still serialise, now in shared memory.
// Origin: PMPP ch. 9, privatisation; CUB's DeviceHistogram counts the same way.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/histogram/variant.h"

namespace wl::histogram {

struct SharedAtomics {
  static constexpr HistogramVariantInfo info{
      "shared-atomics", "each block counts into private bins in shared memory, then adds them to the global bins",
      "PMPP ch. 9, privatisation", Shape::Atomics, /*privatized=*/true};

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
