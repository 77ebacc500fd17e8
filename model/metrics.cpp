#include "model/metrics.h"

#include <algorithm>
#include <tuple>

#include "model/global_sectors.h"
#include "model/shared_banks.h"
#include "trace/event_info.h"

namespace wl {
namespace {

constexpr std::size_t kStepValues = 0x10000;

void add(SharedCounts& c, const BankCost& cost) {
  c.requests += 1;
  c.wavefronts += cost.wavefronts;
  c.ideal += cost.ideal;
  c.conflicts += cost.conflicts();
}

void add(GlobalCounts& c, const SectorCost& cost) {
  c.requests += 1;
  c.sectors += cost.sectors;
  c.ideal += cost.ideal;
}

void add(SharedCounts& to, const SharedCounts& from) {
  to.requests += from.requests;
  to.wavefronts += from.wavefronts;
  to.ideal += from.ideal;
  to.conflicts += from.conflicts;
}

void add(GlobalCounts& to, const GlobalCounts& from) {
  to.requests += from.requests;
  to.sectors += from.sectors;
  to.ideal += from.ideal;
}

double utilization(std::uint64_t active_lanes, std::uint64_t warps) {
  return warps == 0 ? 0.0 : double(active_lanes) / double(kWarpSize * warps);
}

// step | block | thread, ordered by step first.
std::uint64_t thread_key(const Event& e) {
  return std::uint64_t(e.step) << 48 | std::uint64_t(e.block) << 16 | e.thread;
}
std::uint16_t step_of(std::uint64_t key) { return std::uint16_t(key >> 48); }

class StepRows {
 public:
  StepRows(const Trace& trace, std::vector<StepMetrics>& rows) : rows_(rows), index_(kStepValues, -1) {
    std::vector<bool> present(kStepValues, false);
    for (const Event& e : trace.events) present[e.step] = true;
    for (std::size_t s = 0; s < kStepValues; ++s) {
      if (!present[s]) continue;
      index_[s] = int(rows_.size());
      rows_.emplace_back();
      rows_.back().step = std::uint16_t(s);
      rows_.back().label = step_label(trace.meta, std::uint16_t(s));
    }
  }
  // Null for a step the trace does not have (requests or grid from another trace).
  StepMetrics* operator[](std::uint16_t step) { return index_[step] < 0 ? nullptr : &rows_[index_[step]]; }

 private:
  std::vector<StepMetrics>& rows_;
  std::vector<int> index_;
};

void count_requests(const std::vector<WarpRequest>& requests, StepRows& rows) {
  for (const WarpRequest& r : requests) {
    StepMetrics* row = rows[r.step];
    if (!row) continue;
    switch (r.op) {
      case OpKind::SharedLoad: add(row->shared_ld, shared_bank_cost(r)); break;
      case OpKind::SharedStore: add(row->shared_st, shared_bank_cost(r)); break;
      case OpKind::SharedAtomic: add(row->shared_atom, shared_bank_cost(r)); break;
      case OpKind::GlobalLoad: add(row->global_ld, global_sector_cost(r)); break;
      case OpKind::GlobalStore: add(row->global_st, global_sector_cost(r)); break;
      case OpKind::GlobalAtomic: add(row->global_atom, global_sector_cost(r)); break;
      default: break;
    }
  }
}

// Ops per step, active threads per step; returns distinct threads over the whole trace.
std::uint64_t count_ops_and_threads(const Trace& trace, StepRows& rows) {
  std::vector<std::uint64_t> keys;
  for (const Event& e : trace.events) {
    if (!is_operation(e.op)) continue;
    rows[e.step]->ops += 1;
    if (keys.empty() || keys.back() != thread_key(e)) keys.push_back(thread_key(e));
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  for (std::uint64_t k : keys) rows[step_of(k)]->active_threads += 1;

  for (std::uint64_t& k : keys) k &= (std::uint64_t(1) << 48) - 1;  // drop the step
  std::sort(keys.begin(), keys.end());
  return std::uint64_t(std::unique(keys.begin(), keys.end()) - keys.begin());
}

// Per (step, block): the most Barrier events of any one thread; summed over blocks.
void count_barriers(const Trace& trace, StepRows& rows) {
  std::vector<std::uint64_t> keys;
  for (const Event& e : trace.events)
    if (e.op == OpKind::Barrier) keys.push_back(thread_key(e));
  std::sort(keys.begin(), keys.end());
  std::uint64_t most = 0;
  for (std::size_t i = 0; i < keys.size();) {
    std::size_t j = i;
    while (j < keys.size() && keys[j] == keys[i]) ++j;
    most = std::max<std::uint64_t>(most, j - i);
    const bool block_ends = j == keys.size() || keys[j] >> 16 != keys[i] >> 16;
    if (block_ends) {
      rows[step_of(keys[i])]->barriers += most;
      most = 0;
    }
    i = j;
  }
}

void count_contention(const std::vector<WarpRequest>& requests, StepRows& rows, StepMetrics& total) {
  const Contention c = atomic_contention(requests);
  for (const StepContention& s : c.steps) {
    StepMetrics* row = rows[s.step];
    if (!row) continue;
    row->shared_contention = s.shared;
    row->global_contention = s.global;
  }
  total.shared_contention = c.shared;
  total.global_contention = c.global;
}

void count_warps(const std::vector<WarpStep>& grid, StepRows& rows) {
  for (const WarpStep& w : grid) {
    StepMetrics* row = rows[w.step];
    if (!row) continue;
    if (w.active_mask != 0) {
      row->warps_active += 1;
      row->active_lanes += w.active_lanes();
    }
    if (w.divergent()) row->divergent_warps += 1;
  }
}

}  // namespace

Metrics compute_metrics(const Trace& trace) {
  const std::vector<WarpRequest> requests = group_requests(trace);
  return compute_metrics(trace, requests, divergence_grid(trace, requests));
}

Metrics compute_metrics(const Trace& trace, const std::vector<WarpRequest>& requests,
                        const std::vector<WarpStep>& grid) {
  Metrics m;
  m.incomplete = trace.overflowed();
  if (m.incomplete && !trace.events.empty()) {
    const auto last = std::max_element(trace.events.begin(), trace.events.end(), [](const Event& a, const Event& b) {
      return std::tie(a.launch, a.block) < std::tie(b.launch, b.block);
    });
    const std::string cap = trace.meta.event_cap ? "the cap of " + std::to_string(trace.meta.event_cap) + " events was reached"
                                                 : std::string("the recording's buffer filled");  // a GPU recording's
    m.incomplete_where = cap + " in block " + std::to_string(last->block) + " of " + launch_name(trace.meta, last->launch) +
                         "; later blocks ran unrecorded";
  }
  StepRows rows(trace, m.steps);
  count_requests(requests, rows);
  const std::uint64_t threads = count_ops_and_threads(trace, rows);
  count_barriers(trace, rows);
  count_warps(grid, rows);

  StepMetrics& t = m.total;
  count_contention(requests, rows, t);
  t.label = "total";
  for (StepMetrics& row : m.steps) {
    row.lane_utilization = utilization(row.active_lanes, row.warps_active);
    add(t.shared_ld, row.shared_ld);
    add(t.shared_st, row.shared_st);
    add(t.shared_atom, row.shared_atom);
    add(t.global_ld, row.global_ld);
    add(t.global_st, row.global_st);
    add(t.global_atom, row.global_atom);
    t.ops += row.ops;
    t.warps_active += row.warps_active;
    t.active_lanes += row.active_lanes;
    t.divergent_warps += row.divergent_warps;
    t.barriers += row.barriers;
  }
  t.active_threads = threads;
  t.lane_utilization = utilization(t.active_lanes, t.warps_active);
  return m;
}

}  // namespace wl
