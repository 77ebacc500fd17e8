// global-atomics: one atomicAdd per item, on the histogram in global memory.
//
// Correct, and simple: the memory system applies the adds one after another wherever they
// collide. Lanes of a request on the same bin serialise, and every item is a trip to L2: fast
// enough on uniform data, slow when most items want one bin (the contention view counts the
// passes). Every later variant reduces the atomics that reach global memory.
// Origin: the classic course's correct histogram (e.g. Kirk & Hwu, "Programming Massively
// Parallel Processors", ch. 9).
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/histogram/variant.h"

namespace wl::histogram {

struct GlobalAtomics {
  static constexpr HistogramVariantInfo info{
      "global-atomics", "one atomicAdd per item on the global bins: correct, but items on one bin serialise in L2",
      "PMPP ch. 9, the atomic histogram", Shape::Atomics};

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
