// The divergence map of one block: warps down, steps across, and in each cell which of the
// warp's 32 lanes did work (model/divergence.h) and whether the warp diverged there.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/divergence.h"
#include "trace/trace.h"

namespace wl {

enum class LaneUse : std::uint8_t {
  None = 0,      // the warp recorded nothing in this step
  Active = 1,    // the lane did work
  Idle = 2,      // the lane sat out while others of its warp worked, without divergence
  Diverged = 3,  // the lane was alive but sat out an operation its warp issued
  Fault = 4,     // the run stopped on a bug here, about this lane (a shuffle mask left it out)
  // The lane did work but also sat out an operation its warp issued in the step (lane 0 alone
  // publishing what the warp computed): counted in lane use and in the divergence both.
  WorkedAndDiverged = 5,
};

struct DivergenceCell {
  bool present = false;  // the warp recorded events in this step
  std::uint32_t active_mask = 0;
  std::uint32_t diverged_mask = 0;  // alive lanes that sat out an operation of their warp
  std::uint32_t branches = 0;
  std::uint32_t divergent_branches = 0;
  bool divergent() const { return diverged_mask != 0; }
  unsigned active_lanes() const;
};

struct DivergenceMap {
  std::uint32_t block = 0;
  std::uint32_t warps = 0;
  std::vector<std::uint16_t> steps;   // columns, ascending (kFinishStep last)
  std::vector<std::string> labels;    // the columns' step names (trace/trace.h step_label); may be empty
  std::vector<DivergenceCell> cells;  // warps x steps, row-major (warp * steps.size() + column)
  // Totals over the block: warp-steps with work, and how many of them diverged.
  std::uint32_t active_warp_steps = 0, divergent_warp_steps = 0;
  // Where the run stopped on a kernel bug in this block, if it did: the cell and its lanes.
  int fault_column = -1;
  std::uint32_t fault_warp = 0, fault_lanes = 0;

  std::string label(std::size_t column) const {
    return column < labels.size() ? labels[column] : step_name(steps[column]);
  }
  const DivergenceCell& cell(std::uint32_t warp, std::size_t column) const {
    return cells[warp * steps.size() + column];
  }
  int column_of_step(std::uint16_t step) const;
  // One value per (warp, column, lane), row-major: warp rows, then column * 32 + lane.
  std::vector<LaneUse> lane_grid() const;
};

// `grid`: divergence_grid(trace) (all blocks). `steps`: the columns to show (every step of the
// trace, so two blocks or two variants line up); steps absent from `steps` are dropped.
// `fault`: where the run stopped, when it stopped in this block (its step is one of `steps`).
DivergenceMap divergence_map(const std::vector<WarpStep>& grid, std::uint32_t block,
                             std::uint32_t block_dim, const std::vector<std::uint16_t>& steps,
                             const TraceFault* fault = nullptr);

// "0x0000ffff"
std::string mask_hex(std::uint32_t mask);
// "0-15" / "0-3, 8-11" / "none": the set bits as lane ranges.
std::string lane_ranges(std::uint32_t mask);

}  // namespace wl
