// One simulated thread block: every thread is a fiber, run one at a time in thread order until
// it blocks. __syncthreads is a barrier over the block's fibers; shuffles and votes are
// collectives over the lanes of a warp. The order is deterministic: same kernel, same trace.
#pragma once
#include <boost/context/fiber.hpp>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "kernels/sim/fiber_switch.h"
#include "kernels/sim/kernel_error.h"
#include "kernels/sim/sim_watch.h"
#include "trace/event.h"

namespace wl {

class SimCtx;
class SimGrid;

using KernelBody = std::function<void(SimCtx&)>;

enum class CollectiveKind : std::uint8_t {
  Shfl, ShflDown, ShflUp, ShflXor, Ballot, Any, All, MatchAny, SyncWarp,
  ReduceAdd, ReduceMin, ReduceMax  // __reduce_*_sync on 32-bit values; arg 1: signed
};
const char* collective_name(CollectiveKind kind);

enum class ThreadState : std::uint8_t { Runnable, AtBarrier, AtCollective, Spinning, Done };

struct SimThread {
  boost::context::fiber fiber;  // the thread, suspended: resume it to run
  boost::context::fiber back;   // inside the thread: the scheduler, to yield to
  boost::context::stack_context stack;  // the fiber's (for kernels/sim/fiber_switch.h)
  void* fake_stack = nullptr;           // AddressSanitizer's, while the thread is suspended
  ThreadState state = ThreadState::Runnable;
  unsigned line = 0;  // where it waits
  CollectiveKind kind = CollectiveKind::SyncWarp;
  unsigned mask = 0;
  std::uint64_t value = 0;
  unsigned arg = 0;
  unsigned width = 32;  // shuffles: lanes exchange within segments of this many
  std::uint64_t result = 0;
  // what the context keeps per thread
  std::uint32_t seq = 0;
  std::uint16_t step = kLoadStep;
  unsigned smem_used = 0;
};

class SimBlock {
 public:
  enum class Progress { Finished, SpinStalled };

  SimBlock(SimGrid& grid, unsigned block_idx, unsigned rank = 0);
  ~SimBlock();
  SimBlock(const SimBlock&) = delete;
  SimBlock& operator=(const SimBlock&) = delete;

  // Runs until every thread has returned, or until every live thread spins without progress.
  Progress run();

  unsigned index() const { return index_; }  // within its rank's grid
  unsigned rank() const { return rank_; }
  bool moved() const { return moved_; }  // the last run() got some thread further
  SimGrid& grid() { return grid_; }
  SimThread& thread(unsigned tid) { return threads_[tid]; }
  unsigned char* smem() { return smem_.data(); }
  std::uint8_t* smem_written() { return smem_written_.data(); }
  unsigned smem_bytes() const { return unsigned(smem_.size()); }
  // Records an event of a recorded block, within the grid's cap; the grid takes them, in
  // thread order, when the block is done (SimGrid::commit).
  void record(const Event& e);
  std::vector<Event>& events() { return events_; }

  // Called from inside a thread's fiber.
  void barrier(unsigned tid, unsigned line);
  std::uint64_t collective(unsigned tid, CollectiveKind kind, unsigned mask, std::uint64_t value,
                           unsigned arg, unsigned line, unsigned width = 32);
  void spin(unsigned tid);
  [[noreturn]] void fail(KernelErrorKind kind, const std::string& message, unsigned tid,
                         unsigned line);
  // A read of shared bytes no thread has written yet, by a plain kernel: held (the first only)
  // until the block ends or fails, so that a write by another thread afterwards turns it into a
  // missing barrier naming both lines; never written, it is a read of uninitialized memory.
  // `what` names the bytes in the kernel's words ("sdata[4]").
  void hold_early_read(unsigned offset, unsigned size, unsigned tid, unsigned line, const std::string& what);
  void note_shared_write(unsigned offset, unsigned size, unsigned tid, unsigned line);
  // Where thread tid was last seen (kernels/sim/sim_watch.h); cheap enough for every operation.
  void seen(unsigned tid, SeenAs as, unsigned line) {
    seen_[tid].store(pack_seen(as, line), std::memory_order_relaxed);
    // One writer (the block's scheduler thread): a load and a store, no locked increment.
    operations_.store(operations_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }
  SimWhere where_now() const;  // safe from another thread

 private:
  void start_threads();
  void resume(unsigned tid);  // from the scheduler
  void yield(unsigned tid);   // from the thread
  bool resolve_collectives();
  bool resolve_warp(unsigned warp);
  // __reduce_*_sync over the 32-bit values of `lanes` of the warp starting at thread `base`.
  std::uint64_t warp_reduction(CollectiveKind kind, bool is_signed, unsigned base, unsigned lanes) const;
  bool resolve_barrier();
  [[noreturn]] void diagnose_stuck();
  // The held early read as the block's error, if there is one (it happened before anything else).
  void raise_early_read();
  // lanes: of tid's warp, the ones the error is about (0: tid's own lane).
  [[noreturn]] void fail_from_scheduler(KernelErrorKind kind, const std::string& message,
                                        unsigned tid, unsigned line, std::uint32_t lanes = 0);

  SimGrid& grid_;
  unsigned index_;
  unsigned rank_;
  bool moved_ = false;
  bool started_ = false;
  bool abandoning_ = false;      // being destroyed: suspended threads unwind instead of going on
  StackBounds scheduler_stack_;  // where the scheduler runs (kernels/sim/fiber_switch.h)
  std::vector<SimThread> threads_;
  std::vector<unsigned char> smem_;
  std::vector<std::uint8_t> smem_written_;
  struct EarlyRead {
    unsigned offset = 0, size = 0, tid = 0, line = 0;
    std::uint16_t step = 0;
    std::string what;
    bool written = false;  // by a thread since: which, where, in which step
    unsigned writer = 0, writer_line = 0;
    std::uint16_t writer_step = 0;
  };
  std::unique_ptr<EarlyRead> early_read_;
  std::vector<Event> events_;  // in the order its threads ran them
  std::unique_ptr<std::atomic<std::uint32_t>[]> seen_;  // per thread: pack_seen
  std::atomic<int> running_{-1};                          // the thread resumed now
  std::atomic<std::uint64_t> operations_{0};              // seen() calls so far
};

// The lane a shuffle of `kind` by `lane` reads (arg: the source, delta or lane mask).
unsigned shuffle_source(CollectiveKind kind, unsigned lane, unsigned arg, unsigned width = 32);

}  // namespace wl
