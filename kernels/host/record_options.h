// What a backend records of a run, and who watches it: the part of a request the simulator and
// the GPU backends see. They know no family, variant or size: each launch brings its own grid,
// block and shared bytes, each buffer its name and role.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/host/run_progress.h"

namespace wl {

struct RecordOptions {
  bool record = false;                        // record every launch into a trace
  std::vector<std::uint32_t> blocks{0};       // the blocks recorded, of every launch
  std::uint64_t event_cap = std::uint64_t(1) << 22;
  RunProgress* progress = nullptr;            // the simulator counts its blocks here; may cancel
};

}  // namespace wl
