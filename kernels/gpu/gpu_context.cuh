// The GPU block context: the dialect mapped onto CUDA intrinsics. With NoRecorder every
// recording branch is discarded at compile time, so a timed kernel is plain CUDA.
#pragma once
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include "core/ops.h"
#include "core/bits.h"
#include "kernels/dialect/views.h"
#include "kernels/gpu/recorder.cuh"

namespace wl {

extern __shared__ __align__(16) unsigned char wl_dynamic_smem[];

// A 16-byte vector stored to global memory as one 128-bit access. Stored as a struct, or even
// as a uint4, the compiler emitted four 32-bit stores for the first chunk of every warp's run in
// decoupled-lookback (st.global.f32 in the PTX, beside the element-wise stores of a chunk that n
// cuts), while the other chunks got one st.global.v4 each. The intrinsic keeps it whole.
template <class V>
__device__ void store_16_bytes(void* at, const V& v) {
  static_assert(sizeof(V) == 16, "a 16-byte vector");
  uint4 words;
  memcpy(&words, &v, 16);
  __stwb(static_cast<uint4*>(at), words);
}

template <class Rec>
class GpuCtx {
 public:
  __device__ explicit GpuCtx(const Rec& rec) : rec_(rec) {
    if constexpr (Rec::kEnabled) {
      const bool wanted = rec_.wants(blockIdx.x);
      recording_ = wanted && rec_.events;
      clocking_ = wanted && rec_.clocks;
      if (clocking_) rank_ = rec_.recorded_rank(blockIdx.x);
      take_clock(false);
    }
  }
  // The thread is done with the kernel (the __global__ wrapper calls this after the kernel's body).
  __device__ void leave() { take_clock(true); }

  // --- indices
  __device__ unsigned thread_idx() const { return threadIdx.x; }
  __device__ unsigned block_idx() const { return blockIdx.x; }
  __device__ unsigned block_dim() const { return blockDim.x; }
  __device__ unsigned grid_dim() const { return gridDim.x; }
  __device__ unsigned lane() const { return threadIdx.x % 32; }
  __device__ unsigned warp() const { return threadIdx.x / 32; }

  // --- the lesson
  __device__ void step(StepId s) {
    step_ = s;
    take_clock(false);
  }
  __device__ bool branch(bool taken, WL_LINE) {
    record(OpKind::Branch, line, 0, 0, kNoBuffer, taken, 0, 0, taken ? 1 : 0);
    return taken;
  }

  // --- shared memory
  template <class T>
  __device__ Shared<T> shared(unsigned count, WL_LINE) {
    Shared<T> s{reinterpret_cast<T*>(wl_dynamic_smem + smem_used_), count, smem_used_};
    smem_used_ += (count * unsigned(sizeof(T)) + 15u) & ~15u;
    return s;
  }
  template <class T>
  __device__ T ld(Shared<T> s, unsigned i, WL_LINE) {
    T v = s.ptr[i];
    record(OpKind::SharedLoad, line, sizeof(T), s.offset + i * sizeof(T), kNoBuffer, to_bits(v));
    return v;
  }
  template <class T>
  __device__ void st(Shared<T> s, unsigned i, T v, WL_LINE) { store(s, i, v, 0, line); }
  // A store that names the loads its value came from: `operands` is a bit mask over the loads
  // this thread made in the current step (bit 0 = the first), recorded in Event::aux.
  // Otherwise exactly st.
  template <class T>
  __device__ void st_from(Shared<T> s, unsigned i, T v, unsigned operands, WL_LINE) {
    store(s, i, v, operands, line);
  }
  template <class T>
  __device__ T ld_volatile(Shared<T> s, unsigned i, WL_LINE) {
    T v = const_cast<volatile T*>(s.ptr)[i];
    record(OpKind::SharedLoad, line, sizeof(T), s.offset + i * sizeof(T), kNoBuffer, to_bits(v));
    return v;
  }
  template <class T>
  __device__ void st_volatile(Shared<T> s, unsigned i, T v, WL_LINE) {
    const_cast<volatile T*>(s.ptr)[i] = v;
    record(OpKind::SharedStore, line, sizeof(T), s.offset + i * sizeof(T), kNoBuffer, to_bits(v));
  }
  // Elements i .. i + kVecWidth<T> - 1 as one 16-byte access; i must be a multiple of the width.
  template <class T>
  __device__ Vec<T, kVecWidth<T>> ld_vec(Shared<T> s, unsigned i, WL_LINE) {
    using V = Vec<T, kVecWidth<T>>;
    V v = *reinterpret_cast<const V*>(s.ptr + i);
    if constexpr (Rec::kEnabled) {
      std::uint64_t w[2];
      memcpy(w, &v, 16);
      record(OpKind::SharedLoad, line, 16, s.offset + i * sizeof(T), kNoBuffer, w[0], w[1]);
    }
    return v;
  }
  template <class T>
  __device__ void st_vec(Shared<T> s, unsigned i, const Vec<T, kVecWidth<T>>& v, WL_LINE) {
    st_vec_from(s, i, v, 0, line);
  }
  // st_vec naming the loads its vector came from, as st_from does.
  template <class T>
  __device__ void st_vec_from(Shared<T> s, unsigned i, const Vec<T, kVecWidth<T>>& v, unsigned operands, WL_LINE) {
    *reinterpret_cast<Vec<T, kVecWidth<T>>*>(s.ptr + i) = v;
    if constexpr (Rec::kEnabled) {
      std::uint64_t w[2];
      memcpy(w, &v, 16);
      record(OpKind::SharedStore, line, 16, s.offset + i * sizeof(T), kNoBuffer, w[0], w[1], operands);
    }
  }

  // --- global memory
  template <class T>
  __device__ T ld(Global<T> g, std::uint64_t i, WL_LINE) {
    T v = g.ptr[i];
    record(OpKind::GlobalLoad, line, sizeof(T), address_of(g, i), g.buffer, to_bits(v));
    return v;
  }
  template <class T>
  __device__ T ld_volatile(Global<T> g, std::uint64_t i, WL_LINE) {
    T v = const_cast<volatile T*>(g.ptr)[i];
    record(OpKind::GlobalLoad, line, sizeof(T), address_of(g, i), g.buffer, to_bits(v));
    return v;
  }
  template <class T>
  __device__ void st(Global<T> g, std::uint64_t i, T v, WL_LINE) { store(g, i, v, 0, line); }
  template <class T>
  __device__ void st_from(Global<T> g, std::uint64_t i, T v, unsigned operands, WL_LINE) {
    store(g, i, v, operands, line);
  }
  template <class T>
  __device__ void st_volatile(Global<T> g, std::uint64_t i, T v, WL_LINE) {
    const_cast<volatile T*>(g.ptr)[i] = v;
    record(OpKind::GlobalStore, line, sizeof(T), address_of(g, i), g.buffer, to_bits(v));
  }
  // Elements i .. i + kVecWidth<T> - 1 as one 16-byte load; i must be a multiple of the width.
  template <class T>
  __device__ Vec<std::remove_const_t<T>, kVecWidth<T>> ld_vec(Global<T> g, std::uint64_t i, WL_LINE) {
    using V = Vec<std::remove_const_t<T>, kVecWidth<T>>;
    V v = *reinterpret_cast<const V*>(g.ptr + i);
    if constexpr (Rec::kEnabled) {
      std::uint64_t w[2];
      memcpy(w, &v, 16);
      record(OpKind::GlobalLoad, line, 16, address_of(g, i), g.buffer, w[0], w[1]);
    }
    return v;
  }
  // Elements i .. i + kVecWidth<T> - 1 as one 16-byte store; i must be a multiple of the width.
  template <class T>
  __device__ void st_vec(Global<T> g, std::uint64_t i, const Vec<T, kVecWidth<T>>& v, WL_LINE) {
    st_vec_from(g, i, v, 0, line);
  }
  template <class T>
  __device__ void st_vec_from(Global<T> g, std::uint64_t i, const Vec<T, kVecWidth<T>>& v, unsigned operands,
                              WL_LINE) {
    store_16_bytes(g.ptr + i, v);
    if constexpr (Rec::kEnabled) {
      std::uint64_t w[2];
      memcpy(w, &v, 16);
      record(OpKind::GlobalStore, line, 16, address_of(g, i), g.buffer, w[0], w[1], operands);
    }
  }

  // --- barriers
  __device__ void sync(WL_LINE) {
    record(OpKind::Barrier, line, 0, 0, kNoBuffer, 0);
    __syncthreads();
  }
  // A rank barrier's event (kernels/gpu/rank_context.cuh waits; this records it as the
  // simulator does: a Barrier flagged kRankBarrier).
  __device__ void record_rank_barrier(unsigned line) { record(OpKind::Barrier, line, 0, 0, kNoBuffer, 0, 0, 0, kRankBarrier); }
  __device__ void syncwarp(unsigned mask = 0xffffffffu, WL_LINE) {
    record(OpKind::WarpSync, line, 0, 0, kNoBuffer, 0, 0, mask);
    __syncwarp(mask);
  }
  __device__ void fence(WL_LINE) {
    record(OpKind::Fence, line, 0, 0, kNoBuffer, 0);
    __threadfence();
  }
  __device__ void yield_spin() {}

  // --- flags: counters one block raises and blocks of any rank wait on (kernels/dialect/README.md).
  // Fences of the system's scope: the block that raises a flag may be on another GPU.
  __device__ std::uint32_t read_flag(Global<std::uint32_t> g, std::uint64_t i, WL_LINE) {
    const std::uint32_t v = const_cast<volatile std::uint32_t*>(g.ptr)[i];
    record(OpKind::GlobalLoad, line, 4, address_of(g, i), g.buffer, v, 0, 0, kFlagSync);
    return v;
  }
  __device__ void wait_flag(Global<std::uint32_t> g, std::uint64_t i, std::uint32_t target, WL_LINE) {
    while (std::int32_t(const_cast<volatile std::uint32_t*>(g.ptr)[i] - target) < 0) {
    }
    __threadfence_system();  // acquire: what was stored before the flag was raised is seen after
    record(OpKind::GlobalLoad, line, 4, address_of(g, i), g.buffer, target, 0, kFlagWaited, kFlagSync);
  }
  __device__ void raise_flag(Global<std::uint32_t> g, std::uint64_t i, std::uint32_t v, WL_LINE) {
    record(OpKind::GlobalStore, line, 4, address_of(g, i), g.buffer, v, 0, kStoreConstant, kFlagSync);
    __threadfence_system();  // release: what this block stored before (a barrier ago) is seen first
    const_cast<volatile std::uint32_t*>(g.ptr)[i] = v;
  }
  __device__ long long clock() const { return clock64(); }

  // --- warp shuffles and votes
  template <class T>
  __device__ T shfl(unsigned mask, T v, unsigned src, WL_LINE) {
    T r = __shfl_sync(mask, v, int(src));
    return shuffled(v, r, src % 32, line);
  }
  template <class T>
  __device__ T shfl_down(unsigned mask, T v, unsigned delta, WL_LINE) {
    T r = __shfl_down_sync(mask, v, delta);
    return shuffled(v, r, lane() + delta < 32 ? lane() + delta : lane(), line);
  }
  template <class T>
  __device__ T shfl_up(unsigned mask, T v, unsigned delta, WL_LINE) {
    T r = __shfl_up_sync(mask, v, delta);
    return shuffled(v, r, lane() >= delta ? lane() - delta : lane(), line);
  }
  template <class T>
  __device__ T shfl_xor(unsigned mask, T v, unsigned lane_mask, WL_LINE) {
    T r = __shfl_xor_sync(mask, v, int(lane_mask));
    return shuffled(v, r, lane() ^ lane_mask, line);
  }
  __device__ unsigned ballot(unsigned mask, bool pred, WL_LINE) {
    unsigned r = __ballot_sync(mask, pred);
    record(OpKind::Vote, line, 0, 0, kNoBuffer, pred, r, mask);
    return r;
  }
  __device__ bool any(unsigned mask, bool pred, WL_LINE) {
    bool r = __any_sync(mask, pred);
    record(OpKind::Vote, line, 0, 0, kNoBuffer, pred, r, mask);
    return r;
  }
  __device__ bool all(unsigned mask, bool pred, WL_LINE) {
    bool r = __all_sync(mask, pred);
    record(OpKind::Vote, line, 0, 0, kNoBuffer, pred, r, mask);
    return r;
  }
  template <class T>
  __device__ unsigned match_any(unsigned mask, T v, WL_LINE) {
    unsigned r = __match_any_sync(mask, v);
    record(OpKind::Vote, line, 0, 0, kNoBuffer, to_bits(v), r, mask);
    return r;
  }
  // Reduces v over the 32 lanes of the warp with cooperative groups. Instrumented builds and
  // the simulator record it as the xor butterfly (offsets 16, 8, 4, 2, 1) that cg::reduce
  // performs for a custom operator; the timed build calls cg::reduce itself.
  template <class Op, class T>
  __device__ T tile_reduce(T v, StepId first, WL_LINE) {
    if constexpr (Rec::kEnabled) {
      for (unsigned offset = 16; offset > 0; offset /= 2) {
        step(first++);
        T received = shfl_xor(0xffffffffu, v, offset, line);
        v = Op::apply(v, received);
      }
      return v;
    } else {
      namespace cg = cooperative_groups;
      auto tile = cg::tiled_partition<32>(cg::this_thread_block());
      return cg::reduce(tile, v, [](T a, T b) { return Op::apply(a, b); });
    }
  }

  // --- atomics (the returned old value is not recorded: it depends on timing)
  template <class T>
  __device__ T atomic_add(Global<T> g, std::uint64_t i, T v, WL_LINE) {
    record(OpKind::GlobalAtomic, line, sizeof(T), address_of(g, i), g.buffer, to_bits(v), 0, unsigned(AtomicKind::Add));
    return atomicAdd(g.ptr + i, v);
  }
  template <class T>
  __device__ T atomic_add(Shared<T> s, unsigned i, T v, WL_LINE) {
    record(OpKind::SharedAtomic, line, sizeof(T), s.offset + i * sizeof(T), kNoBuffer, to_bits(v), 0, unsigned(AtomicKind::Add));
    return atomicAdd(s.ptr + i, v);
  }
  // Combines v into g[i] with Op: a native atomic where one exists, else a CAS loop.
  template <class Op, class T>
  __device__ void atomic_combine(Global<T> g, std::uint64_t i, T v, WL_LINE) {
    record(OpKind::GlobalAtomic, line, sizeof(T), address_of(g, i), g.buffer, to_bits(v), 0, unsigned(AtomicKind::Combine));
    T* p = g.ptr + i;
    constexpr bool kInt = std::numeric_limits<T>::is_integer;
    if constexpr (std::is_same_v<Op, SumOp>) {
      atomicAdd(p, v);
    } else if constexpr (kInt && std::is_same_v<Op, MinOp>) {
      atomicMin(p, v);
    } else if constexpr (kInt && std::is_same_v<Op, MaxOp>) {
      atomicMax(p, v);
    } else {
      using U = typename SameSizeUint<T>::type;
      U* word = reinterpret_cast<U*>(p);
      U old = *reinterpret_cast<volatile U*>(word);
      while (true) {
        U wanted = U(to_bits(Op::apply(from_bits<T>(old), v)));
        if (wanted == old) break;  // also stops once the canonical NaN is stored
        U seen = atomicCAS(word, old, wanted);
        if (seen == old) break;
        old = seen;
      }
    }
  }

 private:
  // Plain stores record operands = 0; st_from records its mask.
  template <class T>
  __device__ void store(Shared<T> s, unsigned i, T v, unsigned operands, unsigned line) {
    s.ptr[i] = v;
    record(OpKind::SharedStore, line, sizeof(T), s.offset + i * sizeof(T), kNoBuffer, to_bits(v), 0, operands);
  }
  template <class T>
  __device__ void store(Global<T> g, std::uint64_t i, T v, unsigned operands, unsigned line) {
    g.ptr[i] = v;
    record(OpKind::GlobalStore, line, sizeof(T), address_of(g, i), g.buffer, to_bits(v), 0, operands);
  }
  template <class T>
  __device__ static unsigned address_of(Global<T> g, std::uint64_t i) {
    return unsigned(i * sizeof(T));
  }
  template <class T>
  __device__ T shuffled(T sent, T received, unsigned src_lane, unsigned line) {
    record(OpKind::Shuffle, line, sizeof(T), 0, kNoBuffer, to_bits(sent), to_bits(received), src_lane);
    return received;
  }
  __device__ void record(OpKind op, unsigned line, unsigned size, unsigned address, BufferId buffer,
                         std::uint64_t v0, std::uint64_t v1 = 0, unsigned aux = 0, unsigned flags = 0) {
    if constexpr (Rec::kEnabled) {
      if (!recording_) return;
      rec_.push(make_event({op, line, size, address, buffer, v0, v1, aux, flags}, blockIdx.x,
                           threadIdx.x, seq_++, step_));
    }
  }

  // The first active lane of the warp writes the warp's clock as it begins the current step.
  __device__ void take_clock(bool exit) {
    if constexpr (Rec::kEnabled) {
      if (!clocking_) return;
      const unsigned k = clocks_++;
      if (lane() != unsigned(__ffs(__activemask())) - 1u) return;
      WarpClock c;
      c.cycle = clock64();
      c.block = blockIdx.x;
      c.warp = std::uint16_t(warp());
      c.step = step_;
      c.launch = 0;
      c.exit = exit ? 1 : 0;
      c.pad = 0;
      rec_.push_clock(rank_, k, c);
    }
  }

  Rec rec_;
  unsigned smem_used_ = 0;
  StepId step_ = kLoadStep;
  bool recording_ = false;
  bool clocking_ = false;
  unsigned rank_ = 0;    // of this block among the recorded blocks
  unsigned clocks_ = 0;  // clocks this thread has taken
  std::uint32_t seq_ = 0;
};

}  // namespace wl
