#include "model/views/divergence_map.h"

#include <algorithm>
#include <bitset>
#include <cstdio>

namespace wl {

unsigned DivergenceCell::active_lanes() const { return unsigned(std::bitset<32>(active_mask).count()); }

int DivergenceMap::column_of_step(std::uint16_t step) const {
  const auto it = std::lower_bound(steps.begin(), steps.end(), step);
  return it != steps.end() && *it == step ? int(it - steps.begin()) : -1;
}

std::vector<LaneUse> DivergenceMap::lane_grid() const {
  std::vector<LaneUse> out(std::size_t(warps) * steps.size() * kWarpSize, LaneUse::None);
  for (std::uint32_t w = 0; w < warps; ++w)
    for (std::size_t c = 0; c < steps.size(); ++c) {
      const DivergenceCell& cl = cell(w, c);
      if (!cl.present) continue;
      for (unsigned lane = 0; lane < kWarpSize; ++lane) {
        const bool worked = (cl.active_mask >> lane) & 1u, sat_out = (cl.diverged_mask >> lane) & 1u;
        LaneUse use = worked ? (sat_out ? LaneUse::WorkedAndDiverged : LaneUse::Active)
                             : (sat_out ? LaneUse::Diverged : LaneUse::Idle);
        if (int(c) == fault_column && w == fault_warp && ((fault_lanes >> lane) & 1u)) use = LaneUse::Fault;
        out[(std::size_t(w) * steps.size() + c) * kWarpSize + lane] = use;
      }
    }
  return out;
}

DivergenceMap divergence_map(const std::vector<WarpStep>& grid, std::uint32_t block,
                             std::uint32_t block_dim, const std::vector<std::uint16_t>& steps,
                             const TraceFault* fault) {
  DivergenceMap map;
  map.block = block;
  map.warps = (block_dim + kWarpSize - 1) / kWarpSize;
  map.steps = steps;
  std::sort(map.steps.begin(), map.steps.end());
  map.cells.assign(std::size_t(map.warps) * map.steps.size(), {});
  const auto first = std::lower_bound(grid.begin(), grid.end(), block,
                                      [](const WarpStep& w, std::uint32_t b) { return w.block < b; });
  for (auto it = first; it != grid.end() && it->block == block; ++it) {
    const int column = map.column_of_step(it->step);
    if (column < 0 || it->warp >= map.warps) continue;
    DivergenceCell& c = map.cells[std::size_t(it->warp) * map.steps.size() + std::size_t(column)];
    c.present = true;
    c.active_mask = it->active_mask;
    c.diverged_mask = it->diverged_mask;
    c.branches = it->branches;
    c.divergent_branches = it->divergent_branches;
    if (c.active_mask) ++map.active_warp_steps;
    if (c.divergent()) ++map.divergent_warp_steps;
  }
  if (fault && fault->block == block && fault->thread / kWarpSize < map.warps) {
    map.fault_column = map.column_of_step(fault->step);
    map.fault_warp = fault->thread / kWarpSize;
    map.fault_lanes = fault->lanes;
    if (map.fault_column >= 0) map.cells[std::size_t(map.fault_warp) * map.steps.size() + std::size_t(map.fault_column)].present = true;
  }
  return map;
}

std::string mask_hex(std::uint32_t mask) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", mask);
  return buf;
}

std::string lane_ranges(std::uint32_t mask) {
  if (mask == 0) return "none";
  std::string out;
  for (unsigned lane = 0; lane < 32;) {
    if (!((mask >> lane) & 1u)) {
      ++lane;
      continue;
    }
    unsigned end = lane;
    while (end + 1 < 32 && ((mask >> (end + 1)) & 1u)) ++end;
    if (!out.empty()) out += ", ";
    out += end == lane ? std::to_string(lane) : std::to_string(lane) + "-" + std::to_string(end);
    lane = end + 1;
  }
  return out;
}

}  // namespace wl
