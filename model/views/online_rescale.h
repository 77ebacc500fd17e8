// The online softmax's running max and sum, row by row, from its trace (a block a row, as the
// rows family's online variant and any kernel of its shape, fits_online_softmax, run it). Each round of its one read, every thread of the block reads one
// value: chunk k is the values the threads read k-th (columns k * block .. k * block + block - 1).
// After each chunk: the row's running max over what has been read, and the sum of exp(x - max)
// over it, as the threads' (m, d) pairs would merge to (recomputed in f64 from the recorded
// loads); and the rescales in the chunk: threads whose running max grew (the taken branch
// x > m, the kernel's own branch that follows each read).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/views/view_registry.h"
#include "trace/trace.h"

namespace wl {

struct RescaleChunk {
  double max = 0;          // the row's running max after the chunk
  double sum = 0;          // sum of exp(x - max) over every value read so far
  unsigned rescales = 0;   // threads that rescaled in the chunk
  unsigned threads = 0;    // threads that read a value in it
  bool max_grew = false;   // the row's running max grew in the chunk
};

struct RowRescales {
  std::uint64_t row = 0;  // = the block
  std::vector<RescaleChunk> chunks;
  unsigned rescales = 0;  // in all chunks
};

struct OnlineRescale {
  std::vector<RowRescales> rows;  // one per recorded block, ascending
  std::string note;               // why there is nothing to show, when there is not
};

// Reads the first launch of `whole`.
OnlineRescale build_online_rescale(const Trace& whole);
// The shape the view draws: a softmax whose threads, after each read of the input, take a branch
// of the kernel's own file exactly when the value raised their running max (a rescale).
bool fits_online_softmax(const Trace& whole);

}  // namespace wl
