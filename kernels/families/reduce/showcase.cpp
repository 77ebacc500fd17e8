// What the app shows of reduction besides its variants: the ladders the Timing view rebuilds,
// the first lesson's comparison, and the 2007 table the classic ladder is measured against.
#include "kernels/families/reduce/traits.h"

namespace wl::reduce {

FamilyShowcase Traits::showcase() {
  FamilyShowcase s;
  s.views = {"tree"};
  s.default_view = "tree";
  s.ladders = {
      {"classic",
       "The 2007 reduction deck's kernels 1-7, then the warp shuffle and our speed-of-light kernel.",
       {"interleaved-divergent", "interleaved-strided", "sequential", "first-add-on-load", "unroll-last-warp",
        "complete-unroll", "multi-element", "warp-shuffle", "speed-of-light"},
       0, id, true},
      {"three kernels",
       "Naive atomics on global memory, a shared-memory tree, then warp shuffles.",
       {"atomic-global", "sequential", "warp-shuffle"},
       std::uint64_t(1) << 24, id, true},
  };
  ComparisonPreset c;
  c.label = "Interleaved vs sequential";
  c.tooltip = "the first lesson of parallel reduction, side by side";
  c.left = "interleaved-divergent";
  c.right = "sequential";
  // Two warps: interleaved keeps both busy (and divergent) at every level, sequential retires
  // warp 1 after level 0. One block, so the tree shows every combine.
  c.n = 64;
  c.block = 64;
  c.view = "tree";
  s.comparisons = {c};
  s.historic.title = "The same ladder in 2007";
  s.historic.source =
      "Mark Harris, \"Optimizing Parallel Reduction in CUDA\", NVIDIA, 2007: 2^22 ints on a GeForce 8800 GTX (G80)";
  s.historic.rows = {
      {1, "interleaved addressing, divergent branching", 8.054, 2.083, 0, 0, "interleaved-divergent"},
      {2, "interleaved addressing, bank conflicts", 3.456, 4.854, 2.33, 2.33, "interleaved-strided"},
      {3, "sequential addressing", 1.722, 9.741, 2.01, 4.68, "sequential"},
      {4, "first add during global load", 0.965, 17.377, 1.78, 8.34, "first-add-on-load"},
      {5, "unroll last warp", 0.536, 31.289, 1.8, 15.01, "unroll-last-warp"},
      {6, "completely unrolled", 0.381, 43.996, 1.41, 21.16, "complete-unroll"},
      {7, "multiple elements per thread", 0.268, 62.671, 1.42, 30.04, "multi-element"},
  };
  return s;
}

}  // namespace wl::reduce
