// What the app shows of rows besides its variants: the comparisons that tell its lessons.
#include "kernels/families/rows/traits.h"

namespace wl::rows {

FamilyShowcase Traits::showcase() {
  FamilyShowcase s;
  s.views = {"numerics", "online"};
  s.default_view = "numerics";
  ComparisonPreset fused;
  fused.label = "Thread vs block per row";
  fused.tooltip = "softmax of 4 rows of 64: one thread a row reads a row apart, a block a row reads contiguously";
  fused.left = "thread-per-row";
  fused.right = "block-per-row";
  fused.params = {{"cols", 64}};
  fused.op = "softmax";
  fused.type = "f32";
  fused.pattern = "random";
  fused.n = 256;
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
