// What the app shows of histogram besides its variants: the ladders the Timing view rebuilds,
// global against shared atomics on a skewed input, and the bins view it opens on.
#include "kernels/families/histogram/traits.h"

namespace wl::histogram {

FamilyShowcase Traits::showcase() {
  FamilyShowcase s;
  s.views = {"bins"};
  s.default_view = "bins";
  s.ladders = {
      {"privatization",
       "Every item an atomic on the global bins, then private bins per block, then one atomic per bin per warp.",
       {"global-atomics", "shared-atomics", "warp-aggregated"},
       0, id},
      {"without atomics",
       "Atomics on the global bins, against a histogram per thread summed after, and against sorting then counting runs.",
       {"global-atomics", "per-thread-local", "sort-reduce-by-key"},
       0, id},
  };
  ComparisonPreset c;
  c.label = "Global vs shared atomics";
  c.tooltip = "a histogram of skewed items: where atomics contend, side by side";
  c.left = "global-atomics";
  c.right = "shared-atomics";
  c.params = {{"bins", 16}, {"skew", 90}};
  c.type = "i32";
  c.pattern = "skewed";
  // Four blocks of 64 threads, 16 items a thread: four private copies, four counting rounds.
  c.n = 4096;
  c.block = 64;
  c.view = "bins";
  c.step = make_step(StepKind::Bin, 3);
  s.comparisons = {c};
  return s;
}

}  // namespace wl::histogram
