// Runs a whole grid on the CPU. Blocks run one after another; a block whose threads only spin
// (waiting on another block, as decoupled look-back does) steps aside so later blocks can run.
#pragma once
#include <cstdint>
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
  void record(const Event& e);
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
  std::vector<Event> events_;
  std::uint64_t dropped_ = 0;
  long long ticks_ = 0;
  std::optional<KernelError> error_;
};

}  // namespace wl
