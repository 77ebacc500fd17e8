// What the host knows of a scan variant without its code: its id and lesson, and how it covers
// an input larger than one tile. Plain data: the app and the CLI read it without the templates.
#pragma once

namespace wl::scan {

// How a variant scans more than one tile.
enum class Shape : unsigned char {
  TilesThenPropagate,  // scan each tile, scan the tiles' totals (the same variant, again), then
                       // add each tile's prefix: launches that the host chains
  SinglePass,          // one launch: each tile looks back over its predecessors' status
  Independent,         // one launch: every element is computed alone from the input
};

struct ScanVariantInfo {
  const char* id;
  const char* lesson;  // one line: what it changes and why
  const char* origin;  // where it comes from in the classic material
  Shape shape;
  unsigned items_per_thread;  // a block scans a tile of block * items_per_thread elements (the
                              // largest tile, where smaller_items lists others)
  unsigned min_block;         // smallest block size the code supports
  bool pitfall = false;       // deliberately wrong; shown as a lesson, not used for timing
  bool deterministic_trace = true;  // same events on every run (no timing-dependent order)
  unsigned max_n = 0;               // the largest n it takes (quadratic work); 0: no limit
  bool ping_pong = false;           // two shared buffers of one slot per thread, drawn side by side
  unsigned max_block = 1024;        // largest block it runs in: many items a thread need registers
  unsigned min_resident_blocks = 0; // blocks of max_block that must fit a multiprocessor at once,
                                    // which caps the timed kernel's registers; 0: no cap
  // Smaller tiles the kernel also runs; 0: none. A short input in a few large tiles keeps few
  // multiprocessors (and few warps of each tile) busy, so the plan takes a smaller one.
  unsigned smaller_items[2] = {0, 0};
};

// Whether the variant runs tiles of more than one size: then each size is a kernel of its own
// (kernels/families/scan/driver.h, ScanKernel).
constexpr bool runs_several_tile_sizes(const ScanVariantInfo& info) {
  return info.smaller_items[0] != 0 || info.smaller_items[1] != 0;
}

}  // namespace wl::scan
