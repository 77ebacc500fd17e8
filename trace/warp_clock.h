// A warp's SM clock (clock64) when it began a step: what the per-level times of the tree view
// are made from. GPU traces only: the simulator has no clock. The cycles count on the block's
// multiprocessor, so they compare within one block, never across blocks.
#pragma once
#include <cstdint>

#include "core/step.h"

namespace wl {

struct WarpClock {
  std::uint64_t cycle;    // clock64() as the warp began `step` (or left the kernel)
  std::uint32_t block;
  std::uint16_t warp;
  StepId step;            // the step begun; with `exit`, the warp's last step
  std::uint16_t launch;   // index in TraceMeta::launches
  std::uint8_t exit;      // 1: the warp left the kernel here
  std::uint8_t pad;
};
static_assert(sizeof(WarpClock) == 24, "written to the trace header field by field, read on the GPU");

}  // namespace wl
