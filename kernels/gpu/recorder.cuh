// Where instrumented GPU kernels write their events and their warps' clocks. NoRecorder makes
// every hook vanish.
#pragma once
#include "trace/event.h"
#include "trace/warp_clock.h"

namespace wl {

struct NoRecorder {
  static constexpr bool kEnabled = false;
  __device__ bool wants(unsigned) const { return false; }
  __device__ void push(const Event&) const {}
  __device__ void push_clock(unsigned, unsigned, const WarpClock&) const {}
};

// A warp keeps at most this many clocks a launch (one per step it begins, and its exit).
constexpr unsigned kMaxClocksPerWarp = 128;

struct DeviceRecorder {
  static constexpr bool kEnabled = true;
  Event* events = nullptr;               // nullptr: record no events (a clock replay)
  unsigned long long* count = nullptr;   // events offered, including those past the cap
  unsigned long long cap = 0;
  const unsigned* block_bits = nullptr;  // bitmap of blocks to record
  unsigned block_bit_words = 0;
  // The warps' clocks, nullptr when not wanted: slot (b * warps + w) * kMaxClocksPerWarp + k
  // is warp w's k-th clock in the b-th recorded block. Plain stores, no atomics: a clock must
  // cost the warp almost nothing, or it would time itself.
  WarpClock* clocks = nullptr;
  unsigned warps_per_block = 0;

  __device__ bool wants(unsigned block) const {
    unsigned word = block / 32;
    return word < block_bit_words && (block_bits[word] >> (block % 32)) & 1u;
  }
  // The block's rank among the recorded blocks.
  __device__ unsigned recorded_rank(unsigned block) const {
    unsigned rank = __popc(block_bits[block / 32] & ((1u << (block % 32)) - 1u));
    for (unsigned w = 0; w < block / 32; ++w) rank += __popc(block_bits[w]);
    return rank;
  }
  __device__ void push(Event e) const {
    unsigned long long now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));  // ns, the same on every SM
    e.time = std::uint32_t(now);
    unsigned long long slot = atomicAdd(count, 1ull);
    if (slot < cap) events[slot] = e;
  }
  __device__ void push_clock(unsigned rank, unsigned k, const WarpClock& c) const {
    if (k < kMaxClocksPerWarp) clocks[(std::uint64_t(rank) * warps_per_block + c.warp) * kMaxClocksPerWarp + k] = c;
  }
};

}  // namespace wl
