#include "model/views/divergence_map.h"

#include <gtest/gtest.h>

#include "../trace/trace_builder.h"
#include "model/divergence.h"
#include "sim_trace.h"

namespace wl {
namespace {

TEST(DivergenceMap, SequentialBlock256) {
  const TraceViews v = test::simulate("sequential", 256, 256);
  const DivergenceMap m = divergence_map(v.grid, 0, 256, v.steps);
  EXPECT_EQ(m.warps, 8u);
  ASSERT_EQ(m.steps.front(), kLoadStep);
  ASSERT_EQ(m.steps.back(), kFinishStep);
  ASSERT_EQ(m.steps.size(), 10u);  // load, 8 levels, finish

  const int load = m.column_of_step(kLoadStep);
  for (std::uint32_t w = 0; w < 8; ++w) {
    EXPECT_EQ(m.cell(w, std::size_t(load)).active_mask, 0xffffffffu);
    EXPECT_FALSE(m.cell(w, std::size_t(load)).divergent());
  }
  // Level 0 (s = 128): warps 0-3 work with every lane, warps 4-7 skip the branch together.
  const int l0 = m.column_of_step(level_step(0));
  for (std::uint32_t w = 0; w < 8; ++w) {
    const DivergenceCell& c = m.cell(w, std::size_t(l0));
    EXPECT_TRUE(c.present);
    EXPECT_EQ(c.active_mask, w < 4 ? 0xffffffffu : 0u) << "warp " << w;
    EXPECT_FALSE(c.divergent()) << "warp " << w;
  }
  // Level 3 (s = 16): only warp 0 works, with half its lanes: divergent.
  const int l3 = m.column_of_step(level_step(3));
  EXPECT_EQ(m.cell(0, std::size_t(l3)).active_mask, 0x0000ffffu);
  EXPECT_TRUE(m.cell(0, std::size_t(l3)).divergent());
  for (std::uint32_t w = 1; w < 8; ++w) EXPECT_FALSE(m.cell(w, std::size_t(l3)).divergent());
  // Diverging levels: s = 16, 8, 4, 2, 1 in warp 0, and the finish (tid == 0).
  EXPECT_EQ(m.divergent_warp_steps, 6u);
}

TEST(DivergenceMap, InterleavedDivergesInEveryWarp) {
  const TraceViews v = test::simulate("interleaved-divergent", 64, 64);
  const DivergenceMap m = divergence_map(v.grid, 0, 64, v.steps);
  const int l0 = m.column_of_step(level_step(0));  // tid % 2 == 0
  for (std::uint32_t w = 0; w < 2; ++w) {
    EXPECT_EQ(m.cell(w, std::size_t(l0)).active_mask, 0x55555555u);
    EXPECT_TRUE(m.cell(w, std::size_t(l0)).divergent());
  }
}

TEST(DivergenceMap, LaneGridMarksDivergedLanes) {
  const TraceViews v = test::simulate("interleaved-divergent", 32, 32);
  const DivergenceMap m = divergence_map(v.grid, 0, 32, v.steps);
  const std::vector<LaneUse> lanes = m.lane_grid();
  ASSERT_EQ(lanes.size(), m.steps.size() * 32);
  const std::size_t l0 = std::size_t(m.column_of_step(level_step(0)));
  EXPECT_EQ(lanes[l0 * 32 + 0], LaneUse::Active);
  EXPECT_EQ(lanes[l0 * 32 + 1], LaneUse::Diverged);
  const std::size_t load = std::size_t(m.column_of_step(kLoadStep));
  EXPECT_EQ(lanes[load * 32 + 1], LaneUse::Active);
}

// A warp whose lanes all load, then lane 0 alone stores what they made: every lane worked in
// the step (lane use 100%) and lanes 1-31 also sat out the store, so the warp diverged. The
// picture shows both: lane 0 worked, lanes 1-31 worked and diverged; never all plain "worked"
// beside a count of one diverged warp-step.
TEST(DivergenceMap, ALaneThatWorkedAndSatOutShowsBoth) {
  test::TraceBuilder b(32);
  b.step(kLoadStep);
  for (std::uint16_t t = 0; t < 32; ++t) b.global(0, t, OpKind::GlobalLoad, 10, t * 4u);
  b.global(0, 0, OpKind::GlobalStore, 11, 0, 4, test::kOutput);
  const Trace t = b.build();
  const std::vector<WarpStep> grid = divergence_grid(t);
  const DivergenceMap m = divergence_map(grid, 0, 32, {kLoadStep});
  ASSERT_EQ(m.divergent_warp_steps, 1u);
  const DivergenceCell& c = m.cell(0, 0);
  EXPECT_EQ(c.active_mask, 0xffffffffu);
  EXPECT_EQ(c.diverged_mask, 0xfffffffeu);
  const std::vector<LaneUse> lanes = m.lane_grid();
  EXPECT_EQ(lanes[0], LaneUse::Active);
  for (unsigned lane = 1; lane < 32; ++lane) EXPECT_EQ(lanes[lane], LaneUse::WorkedAndDiverged) << lane;
}

TEST(DivergenceMap, MaskText) {
  EXPECT_EQ(mask_hex(0x0000ffffu), "0x0000ffff");
  EXPECT_EQ(lane_ranges(0x0000ffffu), "0-15");
  EXPECT_EQ(lane_ranges(0x00000f0fu), "0-3, 8-11");
  EXPECT_EQ(lane_ranges(0x80000001u), "0, 31");
  EXPECT_EQ(lane_ranges(0), "none");
}

TEST(DivergenceMap, UnrecordedBlockIsEmpty) {
  const TraceViews v = test::simulate("sequential", 32, 32);
  const DivergenceMap m = divergence_map(v.grid, 3, 32, v.steps);
  for (const DivergenceCell& c : m.cells) EXPECT_FALSE(c.present);
}

}  // namespace
}  // namespace wl
