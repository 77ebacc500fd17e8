// Where instrumented GPU kernels write their events. NoRecorder makes every hook vanish.
#pragma once
#include "trace/event.h"

namespace wl {

struct NoRecorder {
  static constexpr bool kEnabled = false;
  __device__ bool wants(unsigned) const { return false; }
  __device__ void push(const Event&) const {}
};

struct DeviceRecorder {
  static constexpr bool kEnabled = true;
  Event* events = nullptr;
  unsigned long long* count = nullptr;   // events offered, including those past the cap
  unsigned long long cap = 0;
  const unsigned* block_bits = nullptr;  // bitmap of blocks to record
  unsigned block_bit_words = 0;

  __device__ bool wants(unsigned block) const {
    unsigned word = block / 32;
    return word < block_bit_words && (block_bits[word] >> (block % 32)) & 1u;
  }
  __device__ void push(const Event& e) const {
    unsigned long long slot = atomicAdd(count, 1ull);
    if (slot < cap) events[slot] = e;
  }
};

}  // namespace wl
