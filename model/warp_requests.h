// Warp-level requests: the lanes of one warp that issued the same instruction together.
//
// Grouping rule. An event belongs to the request keyed by
//   (launch, block, warp, step, site, occurrence, op)
// where `occurrence` is per thread of a launch: walking the thread's events in seq order, the k-th event
// with a given (step, site, op) has occurrence k (from 0). Lanes of a warp that run the same
// source line the same number of times in a step are taken to have executed it converged,
// which is how the hardware issues it. (Two diverged paths reaching the same line the same
// number of times would be merged too; the kernels here do not do that.) A line that issues
// two loads, like s[i] += s[i + k], gives occurrences 0 and 1 per iteration, so each load is
// its own request.
//
// Requests are formed for every event that a warp issues with per-lane data: memory accesses
// (shared/global load, store, atomic), branches, shuffles and votes. Barriers, warp syncs and
// fences form none.
#pragma once
#include <cstdint>
#include <vector>

#include "trace/trace.h"

namespace wl {

struct WarpRequest {
  static constexpr std::uint32_t kNoEvent = 0xFFFFFFFFu;

  std::uint32_t block = 0;
  std::uint16_t warp = 0;
  std::uint16_t step = 0;
  std::uint16_t site = 0;
  OpKind op = OpKind::Count;
  std::uint8_t size = 0;        // widest access of any lane, bytes (lanes agree in practice)
  std::uint32_t occurrence = 0;
  std::uint32_t lane_mask = 0;  // bit l: lane l took part
  std::uint32_t taken_mask = 0; // branches: lanes whose branch was taken (a subset of lane_mask)
  std::uint32_t first_seq = 0;  // smallest seq of its lanes; orders requests within a warp step

  // Per lane; meaningful where lane_mask has the bit. The lane's value bits and everything
  // else it recorded: trace.events[event[lane]].
  std::uint32_t address[kWarpSize] = {};
  std::uint8_t lane_size[kWarpSize] = {};
  BufferId buffer[kWarpSize] = {};
  std::uint32_t event[kWarpSize];

  WarpRequest();
  bool active(unsigned lane) const { return (lane_mask >> lane) & 1u; }
  unsigned active_lanes() const;
  const Event& lane_event(const Trace& trace, unsigned lane) const { return trace.events[event[lane]]; }
};

// Whether events of this kind are grouped into requests (see above).
bool forms_request(OpKind op);

// The occurrence of every event (same index as trace.events). Works on any event order.
std::vector<std::uint32_t> event_occurrences(const Trace& trace);

// All requests of the trace, ordered by launch, block, warp, step, then first_seq (issue order
// within the warp step), then site, occurrence, op. Linear in the events of a canonical trace
// (trace/trace.h); any other order is sorted into it first.
std::vector<WarpRequest> group_requests(const Trace& trace);

}  // namespace wl
