#include "kernels/sim/sim_block.h"

#include <cstdio>
#include <map>

#include "kernels/sim/sim_context.h"
#include "kernels/sim/sim_grid.h"

namespace wl {
namespace {

// Thrown inside a fiber to unwind a thread whose kernel hit an error; never leaves the fiber.
struct SimAbort {};

std::string hex(unsigned v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

std::vector<unsigned> lanes_of(unsigned mask) {
  std::vector<unsigned> out;
  for (unsigned l = 0; l < 32; ++l)
    if (mask >> l & 1u) out.push_back(l);
  return out;
}

unsigned first_lane(unsigned mask) {
  for (unsigned l = 0; l < 32; ++l)
    if (mask >> l & 1u) return l;
  return 0;
}

}  // namespace

const char* collective_name(CollectiveKind kind) {
  switch (kind) {
    case CollectiveKind::Shfl: return "__shfl_sync";
    case CollectiveKind::ShflDown: return "__shfl_down_sync";
    case CollectiveKind::ShflUp: return "__shfl_up_sync";
    case CollectiveKind::ShflXor: return "__shfl_xor_sync";
    case CollectiveKind::Ballot: return "__ballot_sync";
    case CollectiveKind::Any: return "__any_sync";
    case CollectiveKind::All: return "__all_sync";
    case CollectiveKind::MatchAny: return "__match_any_sync";
    case CollectiveKind::SyncWarp: return "__syncwarp";
    case CollectiveKind::ReduceAdd: return "__reduce_add_sync";
    case CollectiveKind::ReduceMin: return "__reduce_min_sync";
    case CollectiveKind::ReduceMax: return "__reduce_max_sync";
  }
  return "warp collective";
}

unsigned shuffle_source(CollectiveKind kind, unsigned lane, unsigned arg, unsigned width) {
  // Lanes exchange within segments of `width` (a power of two up to 32); a source past the
  // lane's own segment gives the lane its own value, as on the GPU.
  const unsigned w = width == 0 || width > 32 ? 32 : width, segment = lane / w * w;
  switch (kind) {
    case CollectiveKind::Shfl: return segment + arg % w;
    case CollectiveKind::ShflDown: return lane % w + arg < w ? lane + arg : lane;
    case CollectiveKind::ShflUp: return lane % w >= arg ? lane - arg : lane;
    case CollectiveKind::ShflXor: return (lane ^ arg) < segment + w ? lane ^ arg : lane;
    default: return lane;
  }
}

std::string describe_ids(const std::vector<unsigned>& ids) {
  std::string out;
  for (std::size_t i = 0; i < ids.size();) {
    std::size_t j = i;
    while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    out += std::to_string(ids[i]);
    if (j > i) out += "-" + std::to_string(ids[j]);
    i = j + 1;
  }
  return out;
}

SimBlock::SimBlock(SimGrid& grid, unsigned block_idx, unsigned rank)
    : grid_(grid),
      index_(block_idx),
      rank_(rank),
      threads_(grid.launch().block_dim),
      smem_(grid.launch().shared_bytes),
      smem_written_(grid.launch().shared_bytes, 0),
      seen_(new std::atomic<std::uint32_t>[grid.launch().block_dim]) {
  for (unsigned tid = 0; tid < grid.launch().block_dim; ++tid) seen_[tid].store(pack_seen(SeenAs::NotStarted, 0));
  if (grid.records(block_idx)) events_.reserve(grid.block_events_hint());  // not grown a doubling at a time
}

void SimBlock::record(const Event& e) {
  if (grid_.admit()) events_.push_back(e);
}

SimWhere SimBlock::where_now() const {
  SimWhere w;
  w.block = index_;
  w.rank = rank_;
  w.running = running_.load(std::memory_order_relaxed);
  w.operations = operations_.load(std::memory_order_relaxed);
  w.seen.resize(threads_.size());
  for (std::size_t tid = 0; tid < w.seen.size(); ++tid) w.seen[tid] = seen_[tid].load(std::memory_order_relaxed);
  return w;
}

// Threads still suspended (the block stopped at an error, or spins forever) are resumed once
// more and unwind through SimAbort, each on its own stack, before their fibers go.
SimBlock::~SimBlock() {
  unwatch_block(this);
  abandoning_ = true;
  for (unsigned tid = 0; tid < threads_.size(); ++tid)
    if (threads_[tid].fiber) resume(tid);
}

void SimBlock::start_threads() {
  started_ = true;
  for (unsigned tid = 0; tid < threads_.size(); ++tid) {
    SimThread& t = threads_[tid];
    t.fiber = boost::context::fiber(
        std::allocator_arg, PooledStack{&grid_.stacks(), &t.stack},
        [this, tid](boost::context::fiber&& scheduler) {
          after_switch(nullptr, &scheduler_stack_);
          SimThread& self = threads_[tid];
          self.back = std::move(scheduler);
          try {
            if (abandoning_) throw SimAbort{};  // never started: nothing to run
            SimCtx ctx(*this, tid);
            grid_.body()(ctx);
          } catch (const SimAbort&) {
          }
          self.state = ThreadState::Done;
          seen(tid, SeenAs::Done, 0);
          before_switch(nullptr, scheduler_stack_);  // this stack is done
          return std::move(self.back);
        });
  }
}

void SimBlock::resume(unsigned tid) {
  SimThread& t = threads_[tid];
  void* fake = nullptr;
  before_switch(&fake, StackBounds{static_cast<char*>(t.stack.sp) - t.stack.size, t.stack.size});
  running_.store(int(tid), std::memory_order_relaxed);
  t.fiber = std::move(t.fiber).resume();
  running_.store(-1, std::memory_order_relaxed);
  after_switch(fake, nullptr);
}

void SimBlock::yield(unsigned tid) {
  SimThread& t = threads_[tid];
  before_switch(&t.fake_stack, scheduler_stack_);
  t.back = std::move(t.back).resume();
  after_switch(t.fake_stack, &scheduler_stack_);
  if (abandoning_) throw SimAbort{};
}

void SimBlock::barrier(unsigned tid, unsigned line) {
  SimThread& t = threads_[tid];
  t.state = ThreadState::AtBarrier;
  t.line = line;
  seen(tid, SeenAs::AtBarrier, line);
  yield(tid);
}

std::uint64_t SimBlock::collective(unsigned tid, CollectiveKind kind, unsigned mask,
                                   std::uint64_t value, unsigned arg, unsigned line, unsigned width) {
  SimThread& t = threads_[tid];
  t.state = ThreadState::AtCollective;
  t.kind = kind;
  t.mask = mask;
  t.value = value;
  t.arg = arg;
  t.width = width;
  t.line = line;
  seen(tid, SeenAs::AtCollective, line);
  yield(tid);
  return t.result;
}

void SimBlock::spin(unsigned tid) {
  threads_[tid].state = ThreadState::Spinning;
  yield(tid);
}

void SimBlock::hold_early_read(unsigned offset, unsigned size, unsigned tid, unsigned line, const std::string& what) {
  if (early_read_) return;
  early_read_ = std::make_unique<EarlyRead>();
  *early_read_ = EarlyRead{offset, size, tid, line, threads_[tid].step, what};
}

void SimBlock::note_shared_write(unsigned offset, unsigned size, unsigned tid, unsigned line) {
  EarlyRead* r = early_read_.get();
  if (!r || r->written || tid == r->tid || offset >= r->offset + r->size || offset + size <= r->offset) return;
  r->written = true;
  r->writer = tid;
  r->writer_line = line;
  r->writer_step = threads_[tid].step;
}

void SimBlock::raise_early_read() {
  if (!early_read_) return;
  const EarlyRead r = *early_read_;
  early_read_.reset();
  const std::string reader = "thread " + std::to_string(r.tid) + " read " + r.what + " at line " + std::to_string(r.line);
  KernelErrorKind kind = KernelErrorKind::SharedUninitializedRead;
  std::string message = reader + ", which no thread of the block ever wrote";
  if (r.written) {
    kind = KernelErrorKind::MissingBarrier;
    const std::string writer = "thread " + std::to_string(r.writer) + " wrote it at line " + std::to_string(r.writer_line);
    message = reader + " before any thread had written it; " + writer +
              (r.writer_step == r.step
                   ? " afterwards, in the same barrier interval: a __syncthreads() is missing between line " +
                         std::to_string(r.writer_line) + " and line " + std::to_string(r.line)
                   : " afterwards, past a later barrier: the read comes before the write it needs (a "
                     "__syncthreads() between them, after the write, is missing)");
  }
  grid_.set_error(KernelError(kind, message, index_, r.tid, r.line, r.step, 1u << (r.tid % 32), rank_));
}

void SimBlock::fail(KernelErrorKind kind, const std::string& message, unsigned tid, unsigned line) {
  if (early_read_) {  // the read came first: it is the bug (what follows may be its garbage)
    raise_early_read();
    throw SimAbort{};
  }
  grid_.set_error(KernelError(kind, message, index_, tid, line, threads_[tid].step, 1u << (tid % 32), rank_));
  throw SimAbort{};
}

void SimBlock::fail_from_scheduler(KernelErrorKind kind, const std::string& message, unsigned tid,
                                   unsigned line, std::uint32_t lanes) {
  if (early_read_) {
    raise_early_read();
    throw *grid_.error();
  }
  grid_.set_error(KernelError(kind, message, index_, tid, line, threads_[tid].step,
                              lanes ? lanes : 1u << (tid % 32), rank_));
  throw *grid_.error();
}

SimBlock::Progress SimBlock::run() {
  watch_block(this);
  moved_ = !started_;
  if (!started_) start_threads();
  while (true) {
    bool progressed = false;
    for (unsigned tid = 0; tid < threads_.size(); ++tid) {
      SimThread& t = threads_[tid];
      if (t.state != ThreadState::Runnable && t.state != ThreadState::Spinning) continue;
      bool was_spinning = t.state == ThreadState::Spinning;
      t.state = ThreadState::Runnable;
      resume(tid);
      if (grid_.error()) throw *grid_.error();
      if (!(was_spinning && t.state == ThreadState::Spinning)) progressed = true;
    }
    progressed |= resolve_collectives();
    moved_ |= progressed;

    bool any_runnable = false, any_spinning = false, all_done = true;
    for (const SimThread& t : threads_) {
      any_runnable |= t.state == ThreadState::Runnable;
      any_spinning |= t.state == ThreadState::Spinning;
      all_done &= t.state == ThreadState::Done;
    }
    if (all_done) {
      if (early_read_) {
        raise_early_read();
        throw *grid_.error();
      }
      return Progress::Finished;
    }
    if (any_runnable) continue;
    if (any_spinning) {
      if (!progressed) return Progress::SpinStalled;
      continue;
    }
    if (resolve_barrier()) continue;
    diagnose_stuck();
  }
}

std::uint64_t SimBlock::warp_reduction(CollectiveKind kind, bool is_signed, unsigned base, unsigned lanes) const {
  std::uint32_t out = 0;
  bool first = true;
  for (unsigned l : lanes_of(lanes)) {
    const auto v = std::uint32_t(threads_[base + l].value);
    const bool less = is_signed ? std::int32_t(v) < std::int32_t(out) : v < out;
    if (first) out = v;
    else if (kind == CollectiveKind::ReduceAdd) out += v;  // wraps as the hardware's does
    else if (kind == CollectiveKind::ReduceMin ? less : !less && v != out) out = v;
    first = false;
  }
  return out;
}

bool SimBlock::resolve_collectives() {
  bool resolved = false;
  unsigned warps = (unsigned(threads_.size()) + 31) / 32;
  for (unsigned w = 0; w < warps; ++w) resolved |= resolve_warp(w);
  return resolved;
}

bool SimBlock::resolve_warp(unsigned warp) {
  const unsigned base = warp * 32;
  const unsigned lanes = std::min(32u, unsigned(threads_.size()) - base);
  const unsigned existing = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
  bool resolved = false;

  // Group the waiting lanes by collective kind: one warp-wide operation per kind.
  std::map<CollectiveKind, unsigned> waiting;
  for (unsigned l = 0; l < lanes; ++l) {
    const SimThread& t = threads_[base + l];
    if (t.state == ThreadState::AtCollective) waiting[t.kind] |= 1u << l;
  }
  for (auto [kind, waiting_lanes] : waiting) {
    // One collective per mask: lanes that name disjoint sets run apart (two tiles of 16 lanes
    // each shuffling within its half); sets that overlap must be the same.
    std::map<unsigned, unsigned> by_mask;  // mask -> the lanes waiting with it
    for (unsigned l : lanes_of(waiting_lanes)) by_mask[threads_[base + l].mask] |= 1u << l;
    for (auto [a, lanes_a] : by_mask)
      for (auto [b, lanes_b] : by_mask)
        if (a < b && (a & b))
          fail_from_scheduler(KernelErrorKind::ShuffleMask,
                              std::string(collective_name(kind)) + ": lanes of warp " + std::to_string(warp) +
                                  " pass different masks (" + hex(a) + " and " + hex(b) +
                                  "); all lanes must name the same set",
                              base + first_lane(lanes_b), threads_[base + first_lane(lanes_b)].line);
    for (auto [mask, present] : by_mask) {
      const SimThread& first = threads_[base + first_lane(present)];
      const char* what = collective_name(kind);
      if (unsigned left_out = present & ~mask)
        fail_from_scheduler(KernelErrorKind::ShuffleMask,
                            std::string(what) + " at line " + std::to_string(first.line) +
                                ": mask " + hex(mask) + " leaves out lane(s) " +
                                describe_ids(lanes_of(left_out)) + " of warp " +
                                std::to_string(warp) + ", which take part",
                            base + first_lane(left_out), first.line, left_out);
      if (unsigned phantom = mask & ~existing)
        fail_from_scheduler(KernelErrorKind::ShuffleMask,
                            std::string(what) + " at line " + std::to_string(first.line) +
                                ": mask " + hex(mask) + " names lane(s) " +
                                describe_ids(lanes_of(phantom)) +
                                " that do not exist (the block has " +
                                std::to_string(threads_.size()) + " threads)",
                            base + first_lane(present), first.line);
      for (unsigned l : lanes_of(mask & ~present)) {
        const SimThread& t = threads_[base + l];
        if (t.state == ThreadState::Done)
          fail_from_scheduler(KernelErrorKind::ShuffleMask,
                              std::string(what) + " at line " + std::to_string(first.line) +
                                  ": mask " + hex(mask) + " names lane " + std::to_string(l) +
                                  ", which has already exited",
                              base + first_lane(present), first.line);
        if (t.state == ThreadState::AtBarrier)
          fail_from_scheduler(KernelErrorKind::BarrierDivergence,
                              "lane " + std::to_string(l) + " of warp " + std::to_string(warp) +
                                  " waits at __syncthreads (line " + std::to_string(t.line) +
                                  ") while lanes " + describe_ids(lanes_of(present)) +
                                  " wait for it at " + what + " (line " +
                                  std::to_string(first.line) + ")",
                              base + l, t.line);
      }
      if (mask & ~present) continue;  // some lanes have not arrived yet

      for (unsigned l : lanes_of(present)) {
        SimThread& t = threads_[base + l];
        const unsigned src = shuffle_source(kind, l, t.arg, t.width);
        switch (kind) {
          case CollectiveKind::Shfl:
          case CollectiveKind::ShflDown:
          case CollectiveKind::ShflUp:
          case CollectiveKind::ShflXor:
            // Reading a lane outside the mask is undefined in CUDA; an H200 returns 0 (measured:
            // docs/LAB.md), and NVIDIA's reduce7 relies on it. run_notes says where it happens.
            t.result = (present >> src & 1u) ? threads_[base + src].value : 0;
            break;
          case CollectiveKind::Ballot:
          case CollectiveKind::Any:
          case CollectiveKind::All: {
            unsigned ballot = 0;
            for (unsigned m : lanes_of(present))
              if (threads_[base + m].value) ballot |= 1u << m;
            t.result = kind == CollectiveKind::Ballot ? ballot
                       : kind == CollectiveKind::Any  ? (ballot != 0)
                                                      : (ballot == present);
            break;
          }
          case CollectiveKind::MatchAny: {
            unsigned same = 0;
            for (unsigned m : lanes_of(present))
              if (threads_[base + m].value == t.value) same |= 1u << m;
            t.result = same;
            break;
          }
          case CollectiveKind::SyncWarp: t.result = 0; break;
          case CollectiveKind::ReduceAdd:
          case CollectiveKind::ReduceMin:
          case CollectiveKind::ReduceMax: t.result = warp_reduction(kind, t.arg != 0, base, present); break;
        }
      }
      for (unsigned l : lanes_of(present)) {
        threads_[base + l].state = ThreadState::Runnable;
        seen(base + l, SeenAs::Ran, threads_[base + l].line);  // released: waiting its turn to go on
      }
      resolved = true;
    }
  }
  return resolved;
}

bool SimBlock::resolve_barrier() {
  // The common case without a list: every live thread waits at one barrier. Anything else
  // (nothing waits, or a diagnosis to write) takes the lists below.
  unsigned waiting_now = 0, line_now = 0;
  bool simple = true;
  for (const SimThread& t : threads_) {
    if (t.state != ThreadState::AtBarrier) {
      simple = false;
      break;
    }
    if (waiting_now++ == 0) line_now = t.line;
    simple &= t.line == line_now;
  }
  if (simple && waiting_now > 0) {
    for (unsigned tid = 0; tid < threads_.size(); ++tid) {
      threads_[tid].state = ThreadState::Runnable;
      seen(tid, SeenAs::Ran, line_now);
    }
    return true;
  }
  std::vector<unsigned> waiting, exited, elsewhere;
  for (unsigned tid = 0; tid < threads_.size(); ++tid) {
    switch (threads_[tid].state) {
      case ThreadState::AtBarrier: waiting.push_back(tid); break;
      case ThreadState::Done: exited.push_back(tid); break;
      default: elsewhere.push_back(tid); break;
    }
  }
  if (waiting.empty() || !elsewhere.empty()) return false;
  const unsigned line = threads_[waiting.front()].line;
  if (!exited.empty())
    fail_from_scheduler(KernelErrorKind::BarrierDivergence,
                        "threads " + describe_ids(waiting) + " wait at __syncthreads (line " +
                            std::to_string(line) + ") but threads " + describe_ids(exited) +
                            " have exited without reaching it",
                        waiting.front(), line);
  std::vector<unsigned> other_line;
  for (unsigned tid : waiting)
    if (threads_[tid].line != line) other_line.push_back(tid);
  if (!other_line.empty()) {
    const unsigned line2 = threads_[other_line.front()].line;
    fail_from_scheduler(KernelErrorKind::BarrierDivergence,
                        "threads wait at different __syncthreads: line " + std::to_string(line) +
                            " and line " + std::to_string(line2) + " (threads " +
                            describe_ids(other_line) + "); some threads skipped a barrier",
                        other_line.front(), line2);
  }
  for (unsigned tid : waiting) {
    threads_[tid].state = ThreadState::Runnable;
    seen(tid, SeenAs::Ran, line);  // released: waiting its turn to go on
  }
  return true;
}

void SimBlock::diagnose_stuck() {
  std::vector<unsigned> at_barrier, at_collective;
  for (unsigned tid = 0; tid < threads_.size(); ++tid) {
    if (threads_[tid].state == ThreadState::AtBarrier) at_barrier.push_back(tid);
    if (threads_[tid].state == ThreadState::AtCollective) at_collective.push_back(tid);
  }
  const SimThread& c = threads_[at_collective.empty() ? 0 : at_collective.front()];
  if (!at_barrier.empty())
    fail_from_scheduler(KernelErrorKind::BarrierDivergence,
                        "threads " + describe_ids(at_barrier) + " wait at __syncthreads (line " +
                            std::to_string(threads_[at_barrier.front()].line) +
                            ") while threads " + describe_ids(at_collective) + " wait at " +
                            collective_name(c.kind) + " (line " + std::to_string(c.line) + ")",
                        at_barrier.front(), threads_[at_barrier.front()].line);
  fail_from_scheduler(KernelErrorKind::Deadlock,
                      "threads " + describe_ids(at_collective) + " wait at " +
                          collective_name(c.kind) + " (line " + std::to_string(c.line) +
                          ") for lanes that never arrive",
                      at_collective.empty() ? 0 : at_collective.front(), c.line);
}

}  // namespace wl
