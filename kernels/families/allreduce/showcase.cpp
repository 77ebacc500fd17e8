// What the app shows of the all-reduce besides its variants: one-shot against the ring, the
// lesson's contrast between every link at once and neighbours only.
#include "kernels/families/allreduce/traits.h"

namespace wl::allreduce {

FamilyShowcase Traits::showcase() {
  FamilyShowcase s;
  s.views = {"ring-steps", "links"};
  s.default_view = "ring-steps";
  ComparisonPreset c;
  c.label = "One-shot vs ring";
  c.tooltip = "four GPUs: every rank reads every rank, against neighbours only in 6 steps";
  c.left = "one-shot";
  c.right = "ring";
  c.params = {{"gpus", 4}};
  c.type = "i32";
  c.op = "sum";
  // 16 elements a rank, 4 a chunk: one block of 32 threads a rank, every element drawn.
  c.n = 16;
  c.block = 32;
  c.view = "links";
  c.step = make_step(StepKind::Exchange, 0);
  s.comparisons = {c};
  return s;
}

}  // namespace wl::allreduce
