// Typed views of global and shared memory. Kernels index memory only through these, so every
// access can be checked (simulator) and recorded (instrumented builds); in the timed GPU build
// a view is a bare pointer and the extra fields are never read.
#pragma once
#include <cstdint>

#include "kernels/dialect/macros.h"
#include "trace/event.h"

namespace wl {

template <class T>
struct Global {
  T* ptr = nullptr;
  std::uint64_t size = 0;  // elements
  BufferId buffer = kNoBuffer;  // its entry in the trace's buffer table
};

template <class T>
struct Shared {
  T* ptr = nullptr;
  unsigned size = 0;    // elements
  unsigned offset = 0;  // byte offset in the block's shared memory (for banks)
};

// N elements loaded or stored as one 16-byte access.
template <class T, unsigned N>
struct alignas(16) Vec {
  T v[N];
};

template <class T>
constexpr unsigned kVecWidth = 16 / sizeof(T);

// What both contexts know when they record an operation; the rest of the Event is derived.
struct TracedOp {
  OpKind op;
  unsigned line;
  unsigned size;
  unsigned address;
  BufferId buffer;
  std::uint64_t v0;
  std::uint64_t v1;
  unsigned aux;
  unsigned flags;
};

// Event::launch is left 0: the host stamps it when the launch's events come back.
WL_HOST_DEVICE Event make_event(const TracedOp& o, unsigned block, unsigned thread,
                                std::uint32_t seq, StepId step) {
  Event e{};
  e.block = block;
  e.seq = seq;
  e.thread = static_cast<std::uint16_t>(thread);
  e.step = step;
  e.site = static_cast<std::uint16_t>(o.line);
  e.op = o.op;
  e.size = static_cast<std::uint8_t>(o.size);
  e.address = o.address;
  e.aux = o.aux;
  e.buffer = o.buffer;
  e.flags = static_cast<std::uint8_t>(o.flags);
  e.value[0] = o.v0;
  e.value[1] = o.v1;
  return e;
}

}  // namespace wl
