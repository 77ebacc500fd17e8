#include "model/divergence.h"

#include <gtest/gtest.h>

#include "loop_trace.h"
#include "trace_builder.h"

namespace wl {
namespace {

using test::TraceBuilder;

TEST(Divergence, LoopWithAnExtraIterationDiverges) {
  const auto grid = divergence_grid(test::loop_trace());
  ASSERT_EQ(grid.size(), 1u);
  EXPECT_EQ(grid[0].step, level_step(0));
  EXPECT_EQ(grid[0].active_mask, 0xFFFFFFFFu);
  EXPECT_EQ(grid[0].branches, 4u);
  EXPECT_EQ(grid[0].divergent_branches, 1u);  // only the third loop test splits the warp
  EXPECT_TRUE(grid[0].divergent());
}

TEST(Divergence, ActiveLanesIgnoreBranchesBarriersAndWarpSyncs) {
  TraceBuilder b(64, 2);
  b.step(level_step(2));
  for (std::uint16_t t = 0; t < 32; ++t) {
    b.branch(0, t, 5, t < 8);
    if (t < 8) b.shared(0, t, OpKind::SharedStore, 6, 4 * t);
    if (t == 20) b.add(0, t, OpKind::Fence, 7);  // a fence is work
    b.add(0, t, OpKind::WarpSync, 8);
    b.barrier(0, t, 9);
  }
  for (std::uint16_t t = 32; t < 64; ++t) b.barrier(0, t, 9);  // warp 1 only waits
  b.shared(1, 0, OpKind::SharedLoad, 6, 0);
  const auto grid = divergence_grid(b.build());
  ASSERT_EQ(grid.size(), 3u);
  EXPECT_EQ(grid[0].block, 0u);
  EXPECT_EQ(grid[0].warp, 0);
  EXPECT_EQ(grid[0].active_mask, 0xFFu | (1u << 20));
  EXPECT_EQ(grid[0].active_lanes(), 9u);
  EXPECT_TRUE(grid[0].divergent());
  EXPECT_EQ(grid[1].warp, 1);
  EXPECT_EQ(grid[1].active_mask, 0u);
  EXPECT_FALSE(grid[1].divergent());
  EXPECT_EQ(grid[2].block, 1u);
  EXPECT_EQ(grid[2].active_mask, 1u);
}

// Divergence is measured from what the lanes did, not from declared branches: in level 0, lanes
// 0-7 load while lanes 8-31 only reach the barrier (a plain `if`, no Branch events): they were
// alive and sat out the load, so the warp diverged. In the finish step lane 0 alone stores: the
// others recorded nothing then or later, so they had returned, and nothing diverged.
TEST(Divergence, LanesThatSatOutAnOperationDivergedWithoutABranchEvent) {
  TraceBuilder b(32);
  b.step(level_step(0));
  for (std::uint16_t t = 0; t < 32; ++t) {
    if (t < 8) b.shared(0, t, OpKind::SharedLoad, 6, 4 * t);
    b.barrier(0, t, 9);
  }
  b.step(kFinishStep);
  b.global(0, 0, OpKind::GlobalStore, 12, 0, 4, test::kOutput);
  const auto grid = divergence_grid(b.build());
  ASSERT_EQ(grid.size(), 2u);
  EXPECT_EQ(grid[0].alive_mask, 0xFFFFFFFFu);
  EXPECT_EQ(grid[0].diverged_mask, 0xFFFFFF00u);
  EXPECT_TRUE(grid[0].divergent());
  EXPECT_EQ(grid[0].branches, 0u);
  EXPECT_EQ(grid[1].alive_mask, 1u);
  EXPECT_FALSE(grid[1].divergent());
}

TEST(Divergence, UniformBranchesDoNotDiverge) {
  TraceBuilder b(64);
  for (std::uint16_t t = 0; t < 64; ++t) b.branch(0, t, 5, t < 32);  // warp-aligned condition
  b.step(kFinishStep);
  b.branch(0, 0, 6, true);  // one lane alone: nothing to diverge from
  const auto grid = divergence_grid(b.build());
  ASSERT_EQ(grid.size(), 3u);
  for (const WarpStep& w : grid) EXPECT_FALSE(w.divergent()) << "warp " << w.warp << " step " << w.step;
  // Sorted by block, warp, step.
  EXPECT_EQ(grid[0].warp, 0);
  EXPECT_EQ(grid[0].step, kLoadStep);
  EXPECT_EQ(grid[1].warp, 0);
  EXPECT_EQ(grid[1].step, kFinishStep);
  EXPECT_EQ(grid[2].warp, 1);
}

}  // namespace
}  // namespace wl
