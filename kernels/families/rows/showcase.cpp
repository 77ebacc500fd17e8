// What the app shows of rows besides its variants: the comparisons that tell its lessons.
#include "kernels/families/rows/traits.h"

namespace wl::rows {

FamilyShowcase Traits::showcase() {
  FamilyShowcase s;
  s.views = {"numerics", "row-threads", "online-rescale", "welford-tree"};
  s.default_view = "numerics";
  ComparisonPreset fused;
  fused.label = "Thread vs block per row";
  fused.tooltip = "softmax of 32 rows of 32: a warp's lanes read a row apart with a thread a row, side by side with a block a row";
  fused.left = "thread-per-row";
  fused.right = "block-per-row";
  fused.params = {{"cols", 32}};
  fused.op = "softmax";
  fused.type = "f32";
  fused.pattern = "random";
  fused.n = 1024;  // 32 rows: every lane of thread-per-row's one warp has a row
  fused.block = 32;
  fused.view = "memory";
  fused.step = kLoadStep;
  ComparisonPreset overflow;
  overflow.label = "No max vs max";
  overflow.tooltip = "softmax of rows holding one x = 100: exp(100) overflows f32 unless the max is subtracted";
  overflow.left = "softmax-no-max";
  overflow.right = "block-per-row";
  overflow.params = {{"cols", 32}, {"peak", 100}};
  overflow.op = "softmax";
  overflow.type = "f32";
  overflow.pattern = "skewed";
  overflow.n = 128;
  overflow.block = 32;
  overflow.view = "dataflow";
  overflow.step = kFinishStep;
  s.comparisons = {fused, overflow};
  return s;
}

}  // namespace wl::rows
