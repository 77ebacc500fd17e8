// The simulator's block context: the same dialect as GpuCtx, executed by one fiber per thread.
// Every access is checked (bounds, uninitialized shared reads, masks) and every traced call
// records the same event the instrumented GPU build records.
#pragma once
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

#include "core/ops.h"
#include "core/bits.h"
#include "kernels/dialect/views.h"
#include "kernels/sim/sim_block.h"
#include "kernels/sim/sim_grid.h"

namespace wl {

class PlainThread;

class SimCtx {
 public:
  SimCtx(SimBlock& block, unsigned tid)
      : block_(block), grid_(block.grid()), me_(block.thread(tid)), tid_(tid),
        recording_(grid_.records(block.index())) {}

  // --- indices
  unsigned thread_idx() const { return tid_; }
  unsigned block_idx() const { return block_.index(); }
  unsigned block_dim() const { return grid_.launch().block_dim; }
  unsigned grid_dim() const { return grid_.launch().grid_dim; }
  unsigned lane() const { return tid_ % 32; }
  unsigned warp() const { return tid_ / 32; }
  // The GPU this block runs on, of the launch's ranks (an all-reduce's; 0 of 1 otherwise).
  unsigned rank() const { return block_.rank(); }
  unsigned ranks() const { return grid_.launch().ranks; }

  // --- the lesson
  void step(StepId s) { me_.step = s; }
  bool branch(bool taken, WL_LINE) {
    record(OpKind::Branch, line, 0, 0, kNoBuffer, taken, 0, 0, taken ? 1 : 0);
    return taken;
  }

  // --- shared memory
  template <class T>
  Shared<T> shared(unsigned count, WL_LINE) {
    const unsigned bytes = (count * unsigned(sizeof(T)) + 15u) & ~15u;
    if (me_.smem_used + bytes > block_.smem_bytes())
      block_.fail(KernelErrorKind::SharedOverAllocation,
                  "the kernel asks for " + std::to_string(me_.smem_used + bytes) +
                      " bytes of shared memory but the launch provides " +
                      std::to_string(block_.smem_bytes()),
                  tid_, line);
    Shared<T> s{reinterpret_cast<T*>(block_.smem() + me_.smem_used), count, me_.smem_used};
    me_.smem_used += bytes;
    return s;
  }
  template <class T>
  T ld(Shared<T> s, unsigned i, WL_LINE) {
    check_shared(s, i, true, line);
    T v;
    std::memcpy(&v, s.ptr + i, sizeof(T));
    record(OpKind::SharedLoad, line, sizeof(T), s.offset + i * sizeof(T), kNoBuffer, to_bits(v));
    return v;
  }
  template <class T>
  void st(Shared<T> s, unsigned i, T v, WL_LINE) { store(s, i, v, 0, line); }
  // A store that names the loads its value came from: `operands` is a bit mask over the loads
  // this thread made in the current step (bit 0 = the first), recorded in Event::aux.
  // Otherwise exactly st.
  template <class T>
  void st_from(Shared<T> s, unsigned i, T v, unsigned operands, WL_LINE) { store(s, i, v, operands, line); }
  // The simulator runs each thread alone until it blocks, so volatile accesses behave exactly
  // like plain ones: warp-synchronous code without __syncwarp shows its race here.
  template <class T>
  T ld_volatile(Shared<T> s, unsigned i, WL_LINE) { return ld(s, i, line); }
  template <class T>
  void st_volatile(Shared<T> s, unsigned i, T v, WL_LINE) { st(s, i, v, line); }
  // Elements i .. i + kVecWidth<T> - 1 as one 16-byte access; i must be a multiple of the width.
  template <class T>
  Vec<T, kVecWidth<T>> ld_vec(Shared<T> s, unsigned i, WL_LINE) {
    check_vector<T>(i, line);
    for (unsigned k = 0; k < kVecWidth<T>; ++k) check_shared(s, i + k, true, line);
    Vec<T, kVecWidth<T>> v;
    std::memcpy(&v, s.ptr + i, 16);
    std::uint64_t w[2];
    std::memcpy(w, &v, 16);
    record(OpKind::SharedLoad, line, 16, s.offset + i * sizeof(T), kNoBuffer, w[0], w[1]);
    return v;
  }
  template <class T>
  void st_vec(Shared<T> s, unsigned i, const Vec<T, kVecWidth<T>>& v, WL_LINE) { store_vec(s, i, v, 0, line); }
  // st_vec naming the loads its vector came from, as st_from does.
  template <class T>
  void st_vec_from(Shared<T> s, unsigned i, const Vec<T, kVecWidth<T>>& v, unsigned operands, WL_LINE) {
    store_vec(s, i, v, operands, line);
  }

  // --- global memory
  template <class T>
  T ld(Global<T> g, std::uint64_t i, WL_LINE) {
    check_global(g, i, 1, line);
    T v = g.ptr[i];
    record(OpKind::GlobalLoad, line, sizeof(T), unsigned(i * sizeof(T)), g.buffer, to_bits(v));
    return v;
  }
  template <class T>
  T ld_volatile(Global<T> g, std::uint64_t i, WL_LINE) { return ld(g, i, line); }
  template <class T>
  void st(Global<T> g, std::uint64_t i, T v, WL_LINE) { store(g, i, v, 0, line); }
  template <class T>
  void st_from(Global<T> g, std::uint64_t i, T v, unsigned operands, WL_LINE) { store(g, i, v, operands, line); }
  template <class T>
  void st_volatile(Global<T> g, std::uint64_t i, T v, WL_LINE) { st(g, i, v, line); }
  template <class T>
  Vec<std::remove_const_t<T>, kVecWidth<T>> ld_vec(Global<T> g, std::uint64_t i, WL_LINE) {
    check_vector<T>(i, line);
    check_global(g, i, kVecWidth<T>, line);
    Vec<std::remove_const_t<T>, kVecWidth<T>> v;
    std::memcpy(&v, g.ptr + i, 16);
    std::uint64_t w[2];
    std::memcpy(w, &v, 16);
    record(OpKind::GlobalLoad, line, 16, unsigned(i * sizeof(T)), g.buffer, w[0], w[1]);
    return v;
  }
  template <class T>
  void st_vec(Global<T> g, std::uint64_t i, const Vec<T, kVecWidth<T>>& v, WL_LINE) { store_vec(g, i, v, 0, line); }
  template <class T>
  void st_vec_from(Global<T> g, std::uint64_t i, const Vec<T, kVecWidth<T>>& v, unsigned operands, WL_LINE) {
    store_vec(g, i, v, operands, line);
  }

  // --- barriers
  void sync(WL_LINE) {
    record(OpKind::Barrier, line, 0, 0, kNoBuffer, 0);
    block_.barrier(tid_, line);
  }
  void syncwarp(unsigned mask = 0xffffffffu, WL_LINE) {
    record(OpKind::WarpSync, line, 0, 0, kNoBuffer, 0, 0, mask);
    block_.collective(tid_, CollectiveKind::SyncWarp, mask, 0, 0, line);
  }
  void fence(WL_LINE) { record(OpKind::Fence, line, 0, 0, kNoBuffer, 0); }
  // Every thread of the block, then block block_idx() of every rank: an LSA barrier session's
  // sync, with what was stored before it visible to every rank after it. Recorded as a Barrier
  // flagged kRankBarrier. Thread 0 waits for the other ranks while the rest wait for it.
  void rank_barrier(WL_LINE) {
    record(OpKind::Barrier, line, 0, 0, kNoBuffer, 0, 0, 0, kRankBarrier);
    block_.barrier(tid_, line);
    if (tid_ == 0) {
      const std::uint64_t target = grid_.rank_arrive(block_.index(), block_.rank());
      while (grid_.rank_arrivals(block_.index()) < target) block_.spin(tid_);
    }
    block_.barrier(tid_, line);
  }
  void yield_spin() { block_.spin(tid_); }

  // --- flags: counters one block raises and blocks of any rank wait on (kernels/dialect/README.md)
  std::uint32_t read_flag(Global<std::uint32_t> g, std::uint64_t i, WL_LINE) {
    check_global(g, i, 1, line);
    const std::uint32_t v = g.ptr[i];
    record(OpKind::GlobalLoad, line, 4, unsigned(i * 4), g.buffer, v, 0, 0, kFlagSync);
    return v;
  }
  // One event however long it spins: the wait's length depends on timing, its target does not.
  void wait_flag(Global<std::uint32_t> g, std::uint64_t i, std::uint32_t target, WL_LINE) {
    check_global(g, i, 1, line);
    while (std::int32_t(g.ptr[i] - target) < 0) block_.spin(tid_);
    record(OpKind::GlobalLoad, line, 4, unsigned(i * 4), g.buffer, target, 0, kFlagWaited, kFlagSync);
  }
  void raise_flag(Global<std::uint32_t> g, std::uint64_t i, std::uint32_t v, WL_LINE) {
    check_global(g, i, 1, line);
    g.ptr[i] = v;
    record(OpKind::GlobalStore, line, 4, unsigned(i * 4), g.buffer, v, 0, kStoreConstant, kFlagSync);
  }
  long long clock() { return grid_.clock(); }

  // --- warp shuffles and votes
  template <class T>
  T shfl(unsigned mask, T v, unsigned src, WL_LINE) {
    return shuffle(CollectiveKind::Shfl, mask, v, src, src % 32, line);
  }
  template <class T>
  T shfl_down(unsigned mask, T v, unsigned delta, WL_LINE) {
    return shuffle(CollectiveKind::ShflDown, mask, v, delta,
                   lane() + delta < 32 ? lane() + delta : lane(), line);
  }
  template <class T>
  T shfl_up(unsigned mask, T v, unsigned delta, WL_LINE) {
    return shuffle(CollectiveKind::ShflUp, mask, v, delta,
                   lane() >= delta ? lane() - delta : lane(), line);
  }
  template <class T>
  T shfl_xor(unsigned mask, T v, unsigned lane_mask, WL_LINE) {
    return shuffle(CollectiveKind::ShflXor, mask, v, lane_mask, lane() ^ lane_mask, line);
  }
  unsigned ballot(unsigned mask, bool pred, WL_LINE) { return vote(CollectiveKind::Ballot, mask, pred, line); }
  bool any(unsigned mask, bool pred, WL_LINE) { return vote(CollectiveKind::Any, mask, pred, line) != 0; }
  bool all(unsigned mask, bool pred, WL_LINE) { return vote(CollectiveKind::All, mask, pred, line) != 0; }
  template <class T>
  unsigned match_any(unsigned mask, T v, WL_LINE) {
    auto r = unsigned(block_.collective(tid_, CollectiveKind::MatchAny, mask, to_bits(v), 0, line));
    record(OpKind::Vote, line, 0, 0, kNoBuffer, to_bits(v), r, mask);
    return r;
  }
  template <class Op, class T>
  T tile_reduce(T v, StepId first, WL_LINE) {
    for (unsigned offset = 16; offset > 0; offset /= 2) {
      step(first++);
      T received = shfl_xor(0xffffffffu, v, offset, line);
      v = Op::apply(v, received);
    }
    return v;
  }

  // --- atomics: the simulator runs one thread at a time, so plain read-modify-write is atomic
  template <class T>
  T atomic_add(Global<T> g, std::uint64_t i, T v, WL_LINE) {
    return global_atomic(g, i, v, 0, AtomicKind::Add, line, [](T a, T b) { return SumOp::apply(a, b); });
  }
  template <class T>
  T atomic_add(Shared<T> s, unsigned i, T v, WL_LINE) {
    check_shared(s, i, true, line);
    T old;
    std::memcpy(&old, s.ptr + i, sizeof(T));
    T next = SumOp::apply(old, v);
    std::memcpy(s.ptr + i, &next, sizeof(T));
    record(OpKind::SharedAtomic, line, sizeof(T), s.offset + i * sizeof(T), kNoBuffer,
           to_bits(v), 0, unsigned(AtomicKind::Add));
    return old;
  }
  template <class Op, class T>
  void atomic_combine(Global<T> g, std::uint64_t i, T v, WL_LINE) {
    global_atomic(g, i, v, 0, AtomicKind::Combine, line, [](T a, T b) { return Op::apply(a, b); });
  }

 private:
  // Plain stores record operands = 0; st_from records its mask.
  template <class T>
  void store(Shared<T> s, unsigned i, T v, unsigned operands, unsigned line) {
    check_shared(s, i, false, line);
    std::memcpy(s.ptr + i, &v, sizeof(T));
    std::memset(block_.smem_written() + s.offset + i * sizeof(T), 1, sizeof(T));
    record(OpKind::SharedStore, line, sizeof(T), s.offset + i * sizeof(T), kNoBuffer, to_bits(v), 0, operands);
  }
  template <class T>
  void store(Global<T> g, std::uint64_t i, T v, unsigned operands, unsigned line) {
    check_global(g, i, 1, line);
    g.ptr[i] = v;
    record(OpKind::GlobalStore, line, sizeof(T), unsigned(i * sizeof(T)), g.buffer, to_bits(v), 0, operands);
  }
  template <class T>
  void store_vec(Shared<T> s, unsigned i, const Vec<T, kVecWidth<T>>& v, unsigned operands, unsigned line) {
    check_vector<T>(i, line);
    for (unsigned k = 0; k < kVecWidth<T>; ++k) check_shared(s, i + k, false, line);
    std::memcpy(s.ptr + i, &v, 16);
    std::memset(block_.smem_written() + s.offset + i * sizeof(T), 1, 16);
    std::uint64_t w[2];
    std::memcpy(w, &v, 16);
    record(OpKind::SharedStore, line, 16, s.offset + i * sizeof(T), kNoBuffer, w[0], w[1], operands);
  }
  template <class T>
  void store_vec(Global<T> g, std::uint64_t i, const Vec<T, kVecWidth<T>>& v, unsigned operands, unsigned line) {
    check_vector<T>(i, line);
    check_global(g, i, kVecWidth<T>, line);
    std::memcpy(g.ptr + i, &v, 16);
    std::uint64_t w[2];
    std::memcpy(w, &v, 16);
    record(OpKind::GlobalStore, line, 16, unsigned(i * sizeof(T)), g.buffer, w[0], w[1], operands);
  }
  // A 16-byte access must start on a whole vector, as on the GPU (where it faults otherwise).
  // Arrays start 16-byte aligned (shared() rounds, cudaMalloc aligns), so the index decides.
  template <class T>
  void check_vector(std::uint64_t i, unsigned line) {
    if (i % kVecWidth<T> != 0)
      block_.fail(KernelErrorKind::MisalignedVector,
                  "thread " + std::to_string(tid_) + " makes a 16-byte access at element " + std::to_string(i) +
                      ", not a multiple of " + std::to_string(kVecWidth<T>) + " (line " + std::to_string(line) + ")",
                  tid_, line);
  }
  template <class T>
  void check_shared(Shared<T> s, unsigned i, bool is_load, unsigned line) {
    if (i >= s.size)
      block_.fail(KernelErrorKind::SharedOutOfBounds,
                  "thread " + std::to_string(tid_) + (is_load ? " reads" : " writes") +
                      " element " + std::to_string(i) + " of a shared array of " +
                      std::to_string(s.size) + " elements (line " + std::to_string(line) + ")",
                  tid_, line);
    if (!is_load) return;
    const std::uint8_t* written = block_.smem_written() + s.offset + i * sizeof(T);
    for (unsigned b = 0; b < sizeof(T); ++b)
      if (!written[b])
        block_.fail(KernelErrorKind::SharedUninitializedRead,
                    "thread " + std::to_string(tid_) + " reads shared element " +
                        std::to_string(i) + " (line " + std::to_string(line) +
                        ") that no thread has written",
                    tid_, line);
  }
  template <class T>
  void check_global(Global<T> g, std::uint64_t i, unsigned count, unsigned line) {
    if (i + count > g.size)
      block_.fail(KernelErrorKind::GlobalOutOfBounds,
                  "thread " + std::to_string(tid_) + " of block " + std::to_string(block_.index()) +
                      (ranks() > 1 ? " of rank " + std::to_string(rank()) : std::string()) +
                      " accesses element " + std::to_string(i) + " of a global buffer of " + std::to_string(g.size) + " elements (line " +
                      std::to_string(line) + ")",
                  tid_, line);
  }
  template <class T, class F>
  T global_atomic(Global<T> g, std::uint64_t i, T v, std::uint64_t extra, AtomicKind kind,
                  unsigned line, F combine) {
    check_global(g, i, 1, line);
    record(OpKind::GlobalAtomic, line, sizeof(T), unsigned(i * sizeof(T)), g.buffer, to_bits(v),
           extra, unsigned(kind));
    T old = g.ptr[i];
    g.ptr[i] = combine(old, v);
    return old;
  }
  template <class T>
  T shuffle(CollectiveKind kind, unsigned mask, T v, unsigned arg, unsigned src_lane, unsigned line) {
    T r = from_bits<T>(block_.collective(tid_, kind, mask, to_bits(v), arg, line));
    record(OpKind::Shuffle, line, sizeof(T), 0, kNoBuffer, to_bits(v), to_bits(r), src_lane);
    return r;
  }
  unsigned vote(CollectiveKind kind, unsigned mask, bool pred, unsigned line) {
    auto r = unsigned(block_.collective(tid_, kind, mask, pred ? 1 : 0, 0, line));
    record(OpKind::Vote, line, 0, 0, kNoBuffer, pred, r, mask);
    return r;
  }
  void record(OpKind op, unsigned line, unsigned size, unsigned address, BufferId buffer,
              std::uint64_t v0, std::uint64_t v1 = 0, unsigned aux = 0, unsigned flags = 0) {
    // A barrier or __syncwarp is recorded before its wait, which the block then sees.
    if (op != OpKind::Barrier && op != OpKind::WarpSync) block_.seen(tid_, SeenAs::Ran, line);
    if (!recording_) return;
    Event e = make_event({op, line, size, address, buffer, v0, v1, aux, flags}, block_.index(), tid_, me_.seq++,
                         me_.step);
    e.launch = std::uint16_t(block_.rank());  // the host adds the launch of rank 0 (RunRecorder)
    e.time = std::uint32_t(grid_.clock());
    block_.record(e);
  }

  friend class PlainThread;  // a plain-CUDA kernel's accesses, located by kernels/plain/

  SimBlock& block_;
  SimGrid& grid_;
  SimThread& me_;
  unsigned tid_;
  bool recording_;
};

}  // namespace wl
