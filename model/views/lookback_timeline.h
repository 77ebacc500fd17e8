// Decoupled look-back over time, from one launch's trace: each recorded tile's span, when it
// published its aggregate and its inclusive prefix, and which predecessors it found with no
// status yet and waited on. Read from the accesses to the status buffer (core/tile_word.h), so
// any kernel that uses the grid layer's tile status gets it.
//
// Times are the events' own (Event::time): nanoseconds of the GPU's global timer, the same
// clock on every SM, or on the simulator its tick, an order with no duration. Recording slows
// a GPU kernel down, so GPU times show the order and the waits of an instrumented run, not the
// speed of the plain kernel. Only recorded blocks appear: record every block to see them all.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "trace/trace.h"

namespace wl {

constexpr std::uint64_t kNever = ~std::uint64_t(0);

struct TileWait {
  std::uint32_t predecessor = 0;  // the tile read with no status
  std::uint64_t from = 0;         // its first such read
  std::uint64_t until = 0;        // the read that found a status (kNever: none recorded)
  std::uint32_t spins = 0;        // reads that found no status
};

struct TileTimeline {
  std::uint32_t tile = 0;   // the index it published under (tiles may come from a counter)
  std::uint32_t block = 0;  // the block that scanned it
  std::uint64_t start = 0, end = 0;  // its block's first and last event
  std::uint64_t aggregate = kNever;  // when it published its own total
  std::uint64_t inclusive = kNever;  // when it published its inclusive prefix
  std::uint32_t reads = 0;           // status words it read
  std::vector<TileWait> waits;       // by predecessor, nearest first
};

struct LookbackTimeline {
  std::vector<TileTimeline> tiles;  // by tile
  std::uint64_t end = 0;            // the last event; times start at 0, the first event
  bool nanoseconds = false;         // GPU time; false: simulator ticks
  bool found() const { return !tiles.empty(); }
};

// The timeline of launch `launch` of a run (events of other launches are ignored); empty when
// it has no tile status buffer or recorded none of its accesses.
LookbackTimeline build_lookback_timeline(const Trace& run, std::uint16_t launch);

// "tile 5 (block 3) waited 1.20 us on tile 4, 3 reads with no status": one line per wait, for
// the view's hover.
std::string describe_wait(const LookbackTimeline& t, const TileTimeline& tile, const TileWait& wait);

}  // namespace wl
