// Decoupled look-back over time, from one launch's trace: each recorded tile's span, when it
// published its aggregate and its inclusive prefix, and which predecessors it found with no
// status yet and waited on. Read from the accesses to the status words: the grid layer's
// (core/tile_word.h), so any kernel that uses them gets it, or CUB's (ScanTileState: a
// {status, value} descriptor a tile, status 99 invalid, 100 partial, 101 inclusive), found in a
// recording of a library's scan (CUB's DeviceScan, torch.cumsum) by its stores.
//
// Times are the events' own (Event::time): nanoseconds of the GPU's global timer, the same
// clock on every SM, or on the simulator its tick, an order with no duration. Recording slows
// a GPU kernel down, so GPU times show the order and the waits of an instrumented run, not the
// speed of the plain kernel. Only recorded blocks appear: record every block to see them all.
#pragma once
#include <cstdint>
#include <optional>
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

// Where a launch's status words are and how they read.
struct TileStatusWords {
  enum Format { Own, Cub } format = Own;
  BufferId buffer = kNoBuffer;
  std::uint64_t base = 0;    // the byte offset of tile 0's word in the buffer
  std::uint64_t stride = 0;  // bytes from one tile's word to the next (Cub: a descriptor's, each one access)
};
// Own: the buffer the drivers name kTileStatusBufferName. Cub: the buffer where each recorded
// block stores descriptors of 8 or 16 bytes with status 100 or 101 (and stores nothing else of
// that size), block b's at tile b (CUB's scan takes tile blockIdx.x), and some block reads one
// below its own: a look-back.
std::optional<TileStatusWords> find_tile_status_words(const Trace& run, std::uint16_t launch);

// The timeline of launch `launch` of a run (events of other launches are ignored); empty when
// it has no tile status words or recorded none of their accesses.
LookbackTimeline build_lookback_timeline(const Trace& run, std::uint16_t launch);

// "tile 5 (block 3) waited 1.20 us on tile 4, 3 reads with no status": one line per wait, for
// the view's hover.
std::string describe_wait(const LookbackTimeline& t, const TileTimeline& tile, const TileWait& wait);

}  // namespace wl
