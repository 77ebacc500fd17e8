// A recorded launch: what ran, with which parameters, and the events of the recorded blocks.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "trace/event.h"

namespace wl {

struct TraceMeta {
  std::string family;    // "reduce"
  std::string variant;   // e.g. "sequential"
  std::string op;        // "sum", "min", "max", "product"
  std::string type;      // "i32", "f32", "f64"
  std::string backend;   // "sim" or "gpu"
  std::uint64_t n = 0;
  std::uint32_t block_dim = 0;
  std::uint32_t grid_dim = 0;
  std::vector<std::uint32_t> recorded_blocks;  // sorted, unique
  std::uint64_t event_cap = 0;
  std::uint64_t events_dropped = 0;  // > 0: the cap was hit and the trace is incomplete
};

struct Trace {
  TraceMeta meta;
  std::vector<Event> events;

  bool overflowed() const { return meta.events_dropped > 0; }
};

// Puts events in their canonical order: block, thread, seq. GPU traces arrive in whatever
// order the hardware wrote them; after this, a GPU trace and a simulator trace compare equal.
void sort_canonical(std::vector<Event>& events);

}  // namespace wl
