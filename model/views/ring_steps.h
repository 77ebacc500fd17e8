// What an all-reduce's ranks hold after each step, from its trace: for every rank and every chunk
// of its output (the K chunks a ring passes on), how many ranks' inputs it combines so far; and
// the chunks that crossed a link in each step. Read from the events alone: a load carries the
// set of ranks its element combines (an input element its owner's; any other what its last
// store gave it), and a store gives its element the union of what the thread loaded since it
// last stored and loaded again (one value may be stored to several ranks). A rank's chunk shows
// the furthest of its buffers: its output, or a scratch buffer of the output's length (recursive
// doubling writes its second buffer first). Steps run in order; within one, events run in the
// order they were recorded (Event::time). Only the recorded blocks appear: record every block
// to see whole chunks.
// A trace recorded on GPUs also gives each rank's time for each step, from that GPU's clock.
#pragma once
#include <cstdint>
#include <vector>

#include "trace/trace.h"

namespace wl {

struct ChunkMove {
  std::uint16_t from = 0, to = 0;  // the rank whose memory held it, the rank that got it
  std::uint16_t chunk = 0;         // of the output's K chunks (of an input's, for inputs)
  std::uint64_t bytes = 0;
};

struct RingStep {
  StepId step = 0;
  // [rank * ranks + chunk]: ranks whose inputs the chunk of that rank combines, at the end of the
  // step (0: not written yet); the fewest over the chunk's recorded elements of one buffer, the
  // most over the rank's buffers.
  std::vector<std::uint8_t> holds;
  std::vector<ChunkMove> moves;  // loads from and stores to another rank's memory in the step
  // [rank]: the step's time on that rank's GPU, from its own warps' clocks (the slowest recorded
  // block, step_times), 0 where none was taken; empty for a trace without clocks (the simulator).
  std::vector<double> ns;
};

struct RingSteps {
  unsigned ranks = 0;      // 0: not a run over several GPUs with an output on each
  std::uint64_t n = 0;     // elements on each rank
  std::vector<RingStep> steps;  // every step with events, in order
};

RingSteps build_ring_steps(const Trace& whole);

}  // namespace wl
