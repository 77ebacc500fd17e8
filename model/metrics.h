// Per-step and whole-kernel metrics of a trace, counted the way the hardware counts them, so
// that totals equal Nsight Compute on the same launch (for the recorded blocks).
//
// Per step (tree level):
// - shared_ld / shared_st / shared_atom: warp requests, wavefronts, ideal wavefronts and bank
//   conflicts (model/shared_banks.h);
// - global_ld / global_st / global_atom: warp requests, sectors and ideal sectors
//   (model/global_sectors.h);
// - shared_contention / global_contention: atomic requests, their lanes, the passes that
//   same-address lanes serialise into, and the hottest address (model/atomic_contention.h);
// - ops: events other than Branch, Barrier, WarpSync and Fence;
// - active_threads: distinct (block, thread) with at least one such op;
// - barriers: __syncthreads instances: per block, the most Barrier events any one thread
//   recorded in the step, summed over blocks;
// - warps_active: warps with an active lane, divergent_warps: warps that diverged, and
//   active_lanes (model/divergence.h); lane_utilization = active_lanes / (32 * warps_active).
// The total row sums every count over the steps, except active_threads, which counts distinct
// threads over the whole kernel, and the hottest addresses, taken from each address's lanes
// over all steps; so total warps_active and divergent_warps count warp-steps, and total
// lane_utilization is the mean over all active warp-steps.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/atomic_contention.h"
#include "model/divergence.h"
#include "model/warp_requests.h"
#include "trace/trace.h"

namespace wl {

struct SharedCounts {
  std::uint64_t requests = 0;
  std::uint64_t wavefronts = 0;
  std::uint64_t ideal = 0;
  std::uint64_t conflicts = 0;
};

struct GlobalCounts {
  std::uint64_t requests = 0;
  std::uint64_t sectors = 0;
  std::uint64_t ideal = 0;
};

struct StepMetrics {
  std::uint16_t step = 0;  // meaningless in the total row
  std::string label;       // "load", "level 0", ..., "finish"; "total" for the total row
  SharedCounts shared_ld, shared_st, shared_atom;
  GlobalCounts global_ld, global_st, global_atom;
  ContentionCounts shared_contention, global_contention;
  std::uint64_t ops = 0;
  std::uint64_t active_threads = 0;
  std::uint64_t warps_active = 0;
  std::uint64_t active_lanes = 0;
  std::uint64_t divergent_warps = 0;
  std::uint64_t barriers = 0;
  double lane_utilization = 0.0;
};

struct Metrics {
  std::vector<StepMetrics> steps;  // one per step present, by step number; kFinishStep last
  StepMetrics total;
  bool incomplete = false;  // the trace hit its event cap: counts cover what was recorded
  // Where it stopped: "the cap of 4194304 events was reached in block 683 of launch 0; later
  // blocks ran unrecorded". Empty when complete.
  std::string incomplete_where;

  std::size_t num_steps() const { return steps.size(); }
  std::uint64_t barriers() const { return total.barriers; }
};

Metrics compute_metrics(const Trace& trace);
// Same, reusing group_requests(trace) and divergence_grid(trace, requests).
Metrics compute_metrics(const Trace& trace, const std::vector<WarpRequest>& requests,
                        const std::vector<WarpStep>& grid);

}  // namespace wl
