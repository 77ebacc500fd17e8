// Per-step times from warps' clocks, on clocks written by hand.
#include <gtest/gtest.h>

#include "model/views/step_times.h"

namespace wl {
namespace {

WarpClock clock_at(std::uint64_t cycle, std::uint16_t warp, StepId step, bool exit = false, std::uint32_t block = 0,
                   std::uint16_t launch = 0) {
  WarpClock c{};
  c.cycle = cycle;
  c.block = block;
  c.warp = warp;
  c.step = step;
  c.launch = launch;
  c.exit = exit ? 1 : 0;
  return c;
}

// Two warps: warp 0 loads over cycles 100..300, level 0 over 300..350, leaves at 360; warp 1
// loads over 110..400, level 0 over 400..500, leaves at 505. At 2000 MHz a cycle is 0.5 ns.
TraceMeta two_warps() {
  TraceMeta m;
  m.sm_clock_mhz = 2000;
  m.clocks = {clock_at(300, 0, level_step(0)), clock_at(100, 0, kLoadStep), clock_at(360, 0, level_step(0), true),
              clock_at(110, 1, kLoadStep), clock_at(400, 1, level_step(0)), clock_at(505, 1, level_step(0), true),
              // another block and another launch: not this block's
              clock_at(0, 0, kLoadStep, false, 1), clock_at(9000, 0, kLoadStep, true, 1),
              clock_at(0, 0, kLoadStep, false, 0, 1), clock_at(9000, 0, kLoadStep, true, 0, 1)};
  return m;
}

TEST(StepTimes, SpanFromTheFirstWarpInToTheLastWarpOut) {
  const std::vector<StepTime> t = step_times(two_warps(), 0, 0);
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].step, kLoadStep);
  EXPECT_EQ(t[0].cycles, 300u);  // 100 .. 400
  EXPECT_DOUBLE_EQ(t[0].ns, 150.0);
  EXPECT_EQ(t[0].last_warp, 1u);
  EXPECT_EQ(t[0].warps, 2u);
  EXPECT_EQ(t[1].step, level_step(0));
  EXPECT_EQ(t[1].cycles, 205u);  // 300 .. 505
  EXPECT_DOUBLE_EQ(t[1].ns, 102.5);
  EXPECT_EQ(t[1].last_warp, 1u);
  ASSERT_NE(find_step_time(t, level_step(0)), nullptr);
  EXPECT_EQ(find_step_time(t, level_step(0))->cycles, 205u);
  EXPECT_EQ(find_step_time(t, level_step(1)), nullptr);
}

TEST(StepTimes, AStepBegunTwiceSpansBoth) {
  TraceMeta m;
  m.sm_clock_mhz = 1000;
  m.clocks = {clock_at(10, 0, kLoadStep), clock_at(20, 0, level_step(0)), clock_at(30, 0, level_step(0)),
              clock_at(70, 0, kFinishStep), clock_at(71, 0, kFinishStep, true)};
  const std::vector<StepTime> t = step_times(m, 0, 0);
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[1].cycles, 50u);  // 20 .. 70
  EXPECT_DOUBLE_EQ(t[1].ns, 50.0);
  EXPECT_EQ(t[1].warps, 1u);
  EXPECT_EQ(t[2].step, kFinishStep);
  EXPECT_EQ(t[2].cycles, 1u);
}

TEST(StepTimes, NoClocksNoTimes) {
  TraceMeta m;
  EXPECT_TRUE(step_times(m, 0, 0).empty());
  EXPECT_TRUE(step_times(two_warps(), 0, 7).empty());
}

}  // namespace
}  // namespace wl
