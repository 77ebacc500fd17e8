// What an all-reduce's ranks hold after each step, from its trace: for every rank and every chunk
// of its output (the K chunks a ring passes on), how many ranks' inputs it combines so far; and
// the chunks that crossed a link in each step. Read from the events alone: a load carries the
// set of ranks its element combines (an input element its owner's; any other what its last
// store gave it), and a store gives its element the union of what the thread loaded since it
// last stored and loaded again (one value may be stored to several ranks). A rank's chunk shows
// the furthest of its buffers: its output, or a scratch buffer of the output's length and type (recursive
// doubling writes its second buffer first). Steps run in order; within one, events run in the
// order they were recorded (Event::time). Only the recorded blocks appear: record every block
// to see whole chunks.
// A trace recorded on GPUs also gives each rank's time for each step, from that GPU's clock.
// A run whose ranks signal with flags also gives the same picture round by round.
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

// Where a row's stores put a chunk's elements: [first, last] of the elements of a rank's output
// chunk that one step wrote in the row (of the recorded blocks).
struct ChunkWrite {
  std::uint16_t rank = 0, chunk = 0;
  StepId step = 0;
  std::uint64_t first = 0, last = 0;  // element indices in the rank's output
};

struct RingStep {
  StepId step = 0;     // a row of steps: the step
  std::uint32_t round = 0;  // a row of rounds: the round
  // [(rank * ranks + chunk) * segments + segment]: ranks whose inputs that part of the chunk of
  // that rank combines, at the end of the row (0: not written yet); the fewest over its elements
  // of one buffer that the recorded blocks write (one not written yet counts 0), the most over
  // the rank's buffers. Rows of steps have one segment a chunk; rows of rounds RingSteps::segments.
  std::vector<std::uint8_t> holds;
  std::vector<ChunkMove> moves;  // loads from and stores to another rank's memory in the step
  std::vector<ChunkWrite> writes;
  // [rank]: the step's time on that rank's GPU, from its own warps' clocks (the slowest recorded
  // block, step_times), 0 where none was taken; empty for a trace without clocks (the simulator).
  std::vector<double> ns;
};

struct RingSteps {
  unsigned ranks = 0;      // 0: not a run over several GPUs with an output on each
  std::uint64_t n = 0;     // elements on each rank
  std::vector<RingStep> steps;  // every step with events, in order
  // For a run whose blocks signal each other with flags (pipelined): the same, a row a round. A
  // block's round k is what it did between raising its flag the k-th time and the k + 1-th
  // (model/flag_order.h), so a row shows every step a round ran: pieces in flight.
  std::vector<RingStep> rounds;
  unsigned segments = 1;  // parts of a chunk in a row of rounds: pieces of a chunk fill one by one
};
constexpr unsigned kMaxSegments = 8;  // a chunk in at most 8 parts: more would be slivers at 1920 wide

RingSteps build_ring_steps(const Trace& whole);

}  // namespace wl
