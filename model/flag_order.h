// What orders blocks that signal each other with flags (the dialect's raise_flag and wait_flag,
// kernels/dialect/README.md), read from a run's events: a wait that saw a flag reach v comes
// after the raise that stored v. A raise follows a barrier of its block, so it releases what
// the block did before that barrier; a wait is followed by one, so what its block does after
// that barrier acquires it, and everything the raiser had acquired before. Phases count the
// barriers a thread has passed; a block's threads pass the same ones.
#pragma once
#include <cstdint>
#include <map>
#include <vector>

#include "trace/trace.h"

namespace wl {

// The run's event indices in canonical order (each thread's events together, in seq).
std::vector<std::uint32_t> canonical_order(const std::vector<Event>& events);
// [event]: the barriers its thread had passed at it, itself counted when it is one: its phase.
std::vector<std::uint32_t> barrier_phases(const std::vector<Event>& events, const std::vector<std::uint32_t>& order);

class FlagOrder {
 public:
  // `order`: the run's event indices in canonical order (each thread's events together, in seq).
  FlagOrder(const Trace& run, const std::vector<std::uint32_t>& order);

  bool empty() const { return agents_.empty(); }
  // A block of a launch: (launch << 32) | block.
  static std::uint64_t agent_of(const Event& e) { return std::uint64_t(e.launch) << 32 | e.block; }
  // Whether phase `pa` of block `a` comes before phase `pb` of block `b` through flags.
  bool before(std::uint64_t a, std::uint32_t pa, std::uint64_t b, std::uint32_t pb) const;

 private:
  struct Change {
    std::uint32_t phase = 0;            // from this phase on
    std::vector<std::uint32_t> known;   // [agent]: that agent's phases below this came before
  };
  std::map<std::uint64_t, unsigned> agents_;  // agent -> index
  std::vector<std::vector<Change>> changes_;  // [agent], by phase
};

}  // namespace wl
