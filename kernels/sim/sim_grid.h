// Runs a whole grid on the CPU. Blocks run one after another; a block whose threads only spin
// (waiting on another block, as decoupled look-back does) steps aside so later blocks can run.
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

#include "kernels/host/run_progress.h"
#include "kernels/sim/kernel_error.h"
#include "kernels/sim/sim_block.h"
#include "kernels/sim/stack_pool.h"
#include "trace/event.h"

namespace wl {

struct SimLaunch {
  unsigned grid_dim = 1;
  unsigned block_dim = 32;
  unsigned shared_bytes = 0;
  std::vector<std::uint32_t> record_blocks;  // blocks whose events are recorded
  std::uint64_t event_cap = 0;
  // Start blocks last to first. A GPU promises no order: a kernel that is only correct when
  // block b starts before block b + 1 fails here, as it may on a GPU.
  bool reverse_start = false;
  // GPUs (ranks) the launch runs on at once, each a grid of grid_dim blocks with the same
  // kernel: an all-reduce. Blocks start rank-interleaved (block 0 of every rank, then block 1),
  // so the blocks a rank barrier joins are resident together.
  unsigned ranks = 1;
  RunProgress* progress = nullptr;  // counts blocks; cancelling it stops the run between blocks
};

class SimGrid {
 public:
  static constexpr unsigned kMaxResidentBlocks = 16;

  SimGrid(const SimLaunch& launch, KernelBody body);

  // Runs every block to completion; throws KernelError for a bug in the kernel, RunCancelled
  // when launch.progress is cancelled.
  void run();

  const SimLaunch& launch() const { return launch_; }
  const KernelBody& body() const { return body_; }
  StackPool& stacks() { return StackPool::for_this_thread(); }

  bool records(unsigned block) const { return block < recorded_.size() && recorded_[block]; }
  // A rank barrier of block `block` of rank `rank`: counts the arrival, and returns the count at
  // which every rank's block `block` has arrived as often as this one now has.
  std::uint64_t rank_arrive(unsigned block, unsigned rank);
  std::uint64_t rank_arrivals(unsigned block) const { return rank_arrivals_[block]; }
  // Counts an event of a recorded block against the cap: whether to keep it. Blocks keep
  // their own events (SimBlock::record) and hand them over in thread order when they finish,
  // so the run's events come out in canonical order with no sort and no copy of the whole.
  bool admit() {
    if (kept_ < launch_.event_cap) return ++kept_, true;
    ++dropped_;
    return false;
  }
  // Events the last recorded block made: what the next one reserves.
  std::size_t block_events_hint() const { return block_events_hint_; }
  // After run(): the recorded events, in the order launch (rank), block, thread, seq.
  std::vector<Event>& events() { return events_; }
  std::uint64_t events_dropped() const { return dropped_; }

  // A deterministic stand-in for clock64(): advances with every traced operation.
  long long clock() { return ++ticks_; }

  void set_error(const KernelError& error) {
    if (!error_) error_ = error;
  }
  const std::optional<KernelError>& error() const { return error_; }

 private:
  SimLaunch launch_;
  KernelBody body_;
  std::vector<bool> recorded_;
  std::vector<std::uint64_t> rank_arrivals_;  // per block index, over every rank
  std::vector<std::uint64_t> own_arrivals_;   // per (rank, block index): rank * grid_dim + block
  void run_blocks(std::deque<std::unique_ptr<SimBlock>>& resident);
  // A finished block's events, in thread order, appended as one segment.
  void commit(SimBlock& block);
  // Puts the segments in (rank, block) order where blocks finished out of it.
  void arrange();

  struct Segment {
    unsigned rank, block;
    std::size_t at, count;
  };
  std::vector<Event> events_;
  std::vector<Segment> segments_;
  std::uint64_t recorded_count_ = 0;  // blocks recorded, over every rank
  std::uint64_t kept_ = 0, dropped_ = 0;
  std::size_t block_events_hint_ = 0;
  long long ticks_ = 0;
  std::optional<KernelError> error_;
};

}  // namespace wl
