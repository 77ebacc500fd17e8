// What the host knows of a reduction variant without its code: its id and lesson, how its grid
// is sized and how it finishes. Plain data: the app and the CLI read it without the templates.
#pragma once
#include <cstdint>

namespace wl::reduce {

// How a variant turns the whole input into one value.
enum class Finish : std::uint8_t {
  Partials,    // each block writes its result to out[block]; the host launches again on them
  Atomic,      // blocks combine into out[0] with atomics (out[0] starts at the identity)
  LastBlock,   // blocks write partials; the last block to finish (ticket) combines them
};

// How many blocks a variant launches for n elements.
enum class GridShape : std::uint8_t {
  OnePerElement,   // ceil(n / block)
  TwoPerThread,    // ceil(n / (2 block)): the first add happens during the load
  GridStride,      // min(ceil(n / (2 block)), a fixed cap): each thread loops over the input
  Persistent,      // enough blocks to fill the GPU once, each loops with 16-byte loads
};

struct ReduceVariantInfo {
  const char* id;
  const char* lesson;    // one line: what it changes and why
  const char* origin;    // where it comes from in the classic material
  Finish finish;
  GridShape shape;
  unsigned min_block;    // smallest block size the code supports
  bool pitfall = false;  // deliberately wrong; shown as a lesson, not used for timing
  bool deterministic_trace = true;  // same events on every run (no timing-dependent order)
  unsigned atomics_per_block = 1;   // Atomic finish: 1 per block, or 0 for one per element
  bool in_place = false;  // the tree runs in global memory over a copy of the input, which it consumes
  // Atomic finish: the output is set to the identity before every run. false (a pitfall): once,
  // when allocated, and the run is made twice, as a benchmark loop makes it.
  bool reset_each_run = true;
};

}  // namespace wl::reduce
