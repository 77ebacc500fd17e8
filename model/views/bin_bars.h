// Counters in bins as a run fills them, from its trace up to a step: what a histogram view
// draws. Read from the events alone, so any kernel that counts into a u32 output buffer gets
// it: atomic adds add their operand, plain stores set the value they store (in the order they
// ran, so a lost update is lost here too). Private copies are a block's 4-byte words of shared
// memory from offset 0, the first `bins` of them, as atomic adds and, in the counting rounds
// (StepKind::Bin), stores left them.
//
// Only recorded blocks appear: with block 0 alone the bars are block 0's share. Each atomic
// request's lanes on one bin are credited to that bin, and the serialised passes it costs
// (model/atomic_contention.h) to the busiest bins of the request.
#pragma once
#include <cstdint>
#include <vector>

#include "model/views/trace_views.h"

namespace wl {

struct PrivateBins {
  std::uint32_t block = 0;
  std::vector<std::uint64_t> counts;  // one per bin
};

struct BinBars {
  std::uint32_t bins = 0;              // 0: the run has no u32 output buffer to draw
  std::vector<std::uint64_t> counts;   // the output bins so far
  std::vector<PrivateBins> copies;     // blocks that counted into shared memory, by block
  std::vector<std::uint64_t> lanes;    // per bin: atomic lanes on it so far, global or private
  std::vector<std::uint64_t> passes;   // per bin: the passes it serialised
  std::uint64_t atomic_requests = 0, atomic_lanes = 0, atomic_passes = 0;
};

// Every launch before views.launch counts whole; views.launch counts up to `step`, inclusive.
BinBars build_bin_bars(const TraceViews& views, StepId step);

}  // namespace wl
