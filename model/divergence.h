// Which lanes of each warp worked in each step, and whether the warp diverged there.
//
// For each (block, warp, step) with any event:
// - active_mask: lanes that recorded at least one event other than Branch, Barrier or
//   WarpSync in that step (a fence counts: the lane executed it);
// - alive_mask: lanes that had not yet finished: they recorded an event (any, a barrier too) in
//   that step or a later one. A trace records no exit, so a lane whose last event came in an
//   earlier step is taken to have returned;
// - diverged_mask: alive lanes that sat out an operation their warp issued in the step (a
//   request, model/warp_requests.h, whose lanes leave them out): the warp diverged. Measured
//   from what the lanes did, so a kernel diverges whether or not it declared its branches;
// - branches, divergent_branches: the requests of declared branches (ctx.branch), and those
//   with taken and not-taken lanes: the branch's own picture, never the divergence count.
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
  std::uint32_t alive_mask = 0;
  std::uint32_t diverged_mask = 0;
  std::uint32_t branches = 0;            // declared branch requests in this warp step
  std::uint32_t divergent_branches = 0;  // of those, with taken and not-taken lanes

  bool divergent() const { return diverged_mask != 0; }
  unsigned active_lanes() const { return unsigned(std::bitset<32>(active_mask).count()); }
};

// Sorted by block, warp, step. The second form reuses requests from group_requests(trace).
std::vector<WarpStep> divergence_grid(const Trace& trace);
std::vector<WarpStep> divergence_grid(const Trace& trace, const std::vector<WarpRequest>& requests);

// A line whose requests left out lanes of their warp that were still running: where the warp's
// lanes split (a branch's body, the code under an if).
struct DivergentSite {
  std::uint16_t site = 0;
  std::uint64_t requests = 0;  // requests at the line that left out running lanes
};
// Every such line, the most splits first (ties: the earlier line).
std::vector<DivergentSite> divergent_sites(const std::vector<WarpRequest>& requests, const std::vector<WarpStep>& grid);

}  // namespace wl
