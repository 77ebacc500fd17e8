// How long each step of one block took on the GPU, from its warps' clocks (TraceMeta::clocks):
// the tree view's "level 7: 180 ns, last warp 3". These are one block's cycles on its
// multiprocessor, in a replay of the instrumented kernel with recording off: not the kernel's
// time, which the timing view measures.
#pragma once
#include <cstdint>
#include <vector>

#include "trace/trace.h"

namespace wl {

struct StepTime {
  StepId step = 0;
  std::uint64_t cycles = 0;     // from the first warp beginning the step to the last leaving it
  double ns = 0;                // cycles at TraceMeta::sm_clock_mhz
  std::uint16_t last_warp = 0;  // the warp that left the step last
  std::uint16_t warps = 0;      // warps that took the step
};

// A warp leaves a step when it takes its next clock (the next step, or leaving the kernel).
// A step a warp begins several times spans from its first beginning to its last leaving.
// Ascending by step; empty when the trace has no clocks for this launch and block.
std::vector<StepTime> step_times(const TraceMeta& meta, std::uint16_t launch, std::uint32_t block);

// The time of `step` in `times`, or nullptr.
const StepTime* find_step_time(const std::vector<StepTime>& times, StepId step);

}  // namespace wl
