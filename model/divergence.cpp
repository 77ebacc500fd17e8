#include "model/divergence.h"

#include <algorithm>
#include <array>
#include <map>
#include <tuple>
#include <unordered_map>

#include "trace/event_info.h"

namespace wl {
namespace {

// block | warp | step packed so that integer order is (block, warp, step).
std::uint64_t warp_step_key(std::uint32_t block, unsigned warp, std::uint16_t step) {
  return std::uint64_t(block) << 32 | std::uint64_t(warp) << 16 | step;
}

struct LaneBits {
  std::uint64_t key;
  std::uint32_t mask;
};

}  // namespace

std::vector<WarpStep> divergence_grid(const Trace& trace) { return divergence_grid(trace, group_requests(trace)); }

std::vector<WarpStep> divergence_grid(const Trace& trace, const std::vector<WarpRequest>& requests) {
  std::vector<LaneBits> bits;
  for (const Event& e : trace.events) {
    const std::uint64_t key = warp_step_key(e.block, e.warp(), e.step);
    const std::uint32_t lane = is_control(e.op) ? 0u : 1u << e.lane();
    // Consecutive events of one thread usually share the key: merge them as they come.
    if (!bits.empty() && bits.back().key == key) bits.back().mask |= lane;
    else bits.push_back({key, lane});
  }
  std::sort(bits.begin(), bits.end(), [](const LaneBits& a, const LaneBits& b) { return a.key < b.key; });

  std::vector<WarpStep> grid;
  std::vector<std::uint64_t> keys;
  for (const LaneBits& b : bits) {
    if (keys.empty() || keys.back() != b.key) {
      keys.push_back(b.key);
      WarpStep w;
      w.block = std::uint32_t(b.key >> 32);
      w.warp = std::uint16_t(b.key >> 16);
      w.step = std::uint16_t(b.key);
      grid.push_back(w);
    }
    grid.back().active_mask |= b.mask;
  }

  // Each lane's last step, over every launch (requests merge launches too).
  std::unordered_map<std::uint64_t, std::array<int, kWarpSize>> last_step;  // block << 16 | warp
  std::array<int, kWarpSize>* lanes = nullptr;
  std::uint64_t lanes_key = ~std::uint64_t(0);
  for (const Event& e : trace.events) {
    const std::uint64_t key = std::uint64_t(e.block) << 16 | e.warp();
    if (key != lanes_key) {
      auto [it, fresh] = last_step.try_emplace(key);
      if (fresh) it->second.fill(-1);
      lanes = &it->second;
      lanes_key = key;
    }
    (*lanes)[e.lane()] = std::max((*lanes)[e.lane()], int(e.step));
  }
  for (WarpStep& w : grid) {
    const auto& last = last_step.at(std::uint64_t(w.block) << 16 | w.warp);
    for (unsigned lane = 0; lane < kWarpSize; ++lane)
      if (last[lane] >= int(w.step)) w.alive_mask |= 1u << lane;
  }

  for (const WarpRequest& r : requests) {
    const auto it = std::lower_bound(keys.begin(), keys.end(), warp_step_key(r.block, r.warp, r.step));
    if (it == keys.end() || *it != warp_step_key(r.block, r.warp, r.step)) continue;  // not from this trace
    WarpStep& w = grid[std::size_t(it - keys.begin())];
    w.diverged_mask |= w.alive_mask & ~r.lane_mask;
    if (r.op != OpKind::Branch) continue;
    ++w.branches;
    if (r.taken_mask != 0 && r.taken_mask != r.lane_mask) ++w.divergent_branches;
  }
  return grid;
}

std::vector<DivergentSite> divergent_sites(const std::vector<WarpRequest>& requests, const std::vector<WarpStep>& grid) {
  std::map<std::uint16_t, std::uint64_t> splits;
  for (const WarpRequest& r : requests) {
    const auto at = std::lower_bound(grid.begin(), grid.end(), r, [](const WarpStep& w, const WarpRequest& q) {
      return std::tie(w.block, w.warp, w.step) < std::tie(q.block, q.warp, q.step);
    });
    if (at == grid.end() || at->block != r.block || at->warp != r.warp || at->step != r.step) continue;
    if (at->alive_mask & ~r.lane_mask) ++splits[r.site];
  }
  std::vector<DivergentSite> out;
  for (const auto& [site, count] : splits) out.push_back({site, count});
  std::stable_sort(out.begin(), out.end(), [](const DivergentSite& a, const DivergentSite& b) { return a.requests > b.requests; });
  return out;
}

}  // namespace wl
