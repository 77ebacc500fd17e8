#include "ui/ladder_presets.h"

namespace wl::ui {

const std::vector<LadderPreset>& ladder_presets() {
  static const std::vector<LadderPreset> presets{
      {"classic",
       "The 2007 reduction deck's kernels 1-7, then the warp shuffle and our speed-of-light kernel.",
       {"interleaved-divergent", "interleaved-strided", "sequential", "first-add-on-load", "unroll-last-warp",
        "complete-unroll", "multi-element", "warp-shuffle", "speed-of-light"},
       0, "reduce", true},
      {"three kernels",
       "Naive atomics on global memory, a shared-memory tree, then warp shuffles.",
       {"atomic-global", "sequential", "warp-shuffle"},
       std::uint64_t(1) << 24, "reduce", true},
      {"lecture to CUB",
       "Step-efficient Hillis-Steele, work-efficient Blelloch, padding, warp shuffles; then three launches, then one.",
       {"hillis-steele", "blelloch", "blelloch-padded", "warp-shuffle-scan", "scan-then-propagate",
        "decoupled-lookback"},
       0, "scan"},
      {"passes over memory",
       "Tile scans, a scan of their totals and a uniform add move 4n bytes; one pass with a look-back moves 2n.",
       {"scan-then-propagate", "decoupled-lookback"},
       0, "scan"},
      {"privatization",
       "Every item an atomic on the global bins, then private bins per block, then one atomic per bin per warp.",
       {"global-atomics", "shared-atomics", "warp-aggregated"},
       0, "histogram"},
      {"without atomics",
       "Atomics on the global bins, against a histogram per thread summed after, and against sorting then counting runs.",
       {"global-atomics", "per-thread-local", "sort-reduce-by-key"},
       0, "histogram"},
  };
  return presets;
}

std::vector<const LadderPreset*> ladder_presets_for(const std::string& family) {
  std::vector<const LadderPreset*> of_family;
  for (const LadderPreset& p : ladder_presets())
    if (p.family == family) of_family.push_back(&p);
  return of_family;
}

const char* const kHarrisTableSource =
    "Mark Harris, \"Optimizing Parallel Reduction in CUDA\", NVIDIA, 2007: "
    "2^22 ints on a GeForce 8800 GTX (G80)";

const std::vector<HistoricLadderRow>& harris_g80_table() {
  static const std::vector<HistoricLadderRow> rows{
      {1, "interleaved addressing, divergent branching", 8.054, 2.083, 0, 0, "interleaved-divergent"},
      {2, "interleaved addressing, bank conflicts", 3.456, 4.854, 2.33, 2.33, "interleaved-strided"},
      {3, "sequential addressing", 1.722, 9.741, 2.01, 4.68, "sequential"},
      {4, "first add during global load", 0.965, 17.377, 1.78, 8.34, "first-add-on-load"},
      {5, "unroll last warp", 0.536, 31.289, 1.8, 15.01, "unroll-last-warp"},
      {6, "completely unrolled", 0.381, 43.996, 1.41, 21.16, "complete-unroll"},
      {7, "multiple elements per thread", 0.268, 62.671, 1.42, 30.04, "multi-element"},
  };
  return rows;
}

}  // namespace wl::ui
