// Which lanes of each warp worked in each step, and whether the warp diverged there.
//
// For each (block, warp, step) with any event:
// - active_mask: lanes that recorded at least one event other than Branch, Barrier or
//   WarpSync in that step (a fence counts: the lane executed it);
// - divergent: some Branch request (model/warp_requests.h) of that warp step had both taken
//   and not-taken lanes.
#pragma once
#include <bitset>
#include <cstdint>
#include <vector>

#include "model/warp_requests.h"

namespace wl {

struct WarpStep {
  std::uint32_t block = 0;
  std::uint16_t warp = 0;
  std::uint16_t step = 0;
  std::uint32_t active_mask = 0;
  std::uint32_t branches = 0;            // branch requests in this warp step
  std::uint32_t divergent_branches = 0;  // of those, with taken and not-taken lanes

  bool divergent() const { return divergent_branches > 0; }
  unsigned active_lanes() const { return unsigned(std::bitset<32>(active_mask).count()); }
};

// Sorted by block, warp, step. The second form reuses requests from group_requests(trace).
std::vector<WarpStep> divergence_grid(const Trace& trace);
std::vector<WarpStep> divergence_grid(const Trace& trace, const std::vector<WarpRequest>& requests);

}  // namespace wl
