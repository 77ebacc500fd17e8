// What the app shows of scan besides its variants: the ladders the Timing view rebuilds, the
// step-efficient against work-efficient comparison, and the look-back timeline.
#include "kernels/families/scan/traits.h"

namespace wl::scan {

FamilyShowcase Traits::showcase() {
  FamilyShowcase s;
  s.views = {"lookback"};
  s.ladders = {
      {"lecture to CUB",
       "Step-efficient Hillis-Steele, work-efficient Blelloch, padding, warp shuffles; then three launches, then one.",
       {"hillis-steele", "blelloch", "blelloch-padded", "warp-shuffle-scan", "scan-then-propagate",
        "decoupled-lookback"},
       0, id},
      {"passes over memory",
       "Tile scans, a scan of their totals and a uniform add move 4n bytes; one pass with a look-back moves 2n.",
       {"scan-then-propagate", "decoupled-lookback"},
       0, id},
  };
  ComparisonPreset c;
  c.label = "Hillis-Steele vs Blelloch";
  c.tooltip = "a scan: fewer steps or less work, side by side";
  c.left = "hillis-steele";
  c.right = "blelloch";
  c.op = "sum";
  c.type = "i32";
  c.pattern = "ascending";
  // 32 values, blocks of 16 threads on both sides: Blelloch's threads take two values each, so
  // one block scans them all with no padding (31 + 31 combines); Hillis-Steele takes one each,
  // so two blocks scan 16 values in 4 steps (49 combines each), and two more launches add the
  // first block's total to the second. The steps differ in kind, so both start at the load.
  c.n = 32;
  c.block = 16;
  c.view = "dataflow";
  c.step = kLoadStep;
  s.comparisons = {c};
  return s;
}

}  // namespace wl::scan
