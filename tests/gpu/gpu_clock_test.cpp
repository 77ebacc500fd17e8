// The warps' clocks of a GPU recording: every warp of every recorded block times each step it
// took, in order, at a plausible SM clock, and every step the block's events use has a time
// (but the last block's, in variants where the last block is whichever finishes last).
#include <gtest/gtest.h>

#include <set>

#include "kernels/families/reduce/traits.h"
#include "model/views/step_times.h"
#include "tests/kernels/reduce_inputs.h"

namespace wl::reduce {
namespace {

TEST(GpuClocks, EveryWarpOfARecordedBlockTimesEveryStepItTook) {
  for (const char* variant : {"sequential", "warp-shuffle", "speed-of-light"}) {
    SCOPED_TRACE(variant);
    RunRequest r;
    r.variant = variant;
    r.type = "f32";
    r.n = 1 << 16;
    r.block = 256;
    r.record = true;
    r.record_blocks = {0, 3};
    const std::vector<float> input = test::exact_input<float>("sum", r.n, 5);
    const RunResult gpu = run_gpu(r, input.data());
    const TraceMeta& m = gpu.trace.meta;
    EXPECT_GT(m.sm_clock_mhz, 100.0);
    EXPECT_LT(m.sm_clock_mhz, 5000.0);
    for (std::uint32_t block : r.record_blocks) {
      for (std::uint16_t warp = 0; warp < r.block / 32; ++warp) {
        std::vector<WarpClock> mine;
        for (const WarpClock& c : m.clocks)
          if (c.launch == 0 && c.block == block && c.warp == warp) mine.push_back(c);
        ASSERT_GE(mine.size(), 2u) << "block " << block << " warp " << warp;
        EXPECT_EQ(mine.front().step, kLoadStep);  // taken as the kernel starts
        EXPECT_EQ(mine.back().exit, 1u);          // and as the warp leaves
        for (std::size_t i = 1; i < mine.size(); ++i) EXPECT_GE(mine[i].cycle, mine[i - 1].cycle);
      }
      std::set<StepId> used;
      for (const Event& e : gpu.trace.events)
        if (e.launch == 0 && e.block == block) used.insert(e.step);
      const std::vector<StepTime> times = step_times(m, 0, block);
      for (StepId s : used) {
        // Which block finishes last differs from run to run: the replay's last block may be
        // another than the recorded run's, so its last-block steps may have no time here.
        const bool timing_dependent = step_kind(s) == StepKind::LastBlockLevel || s == kFinishStep;
        if (!find_variant_info<Traits>(variant)->deterministic_trace && timing_dependent) continue;
        const StepTime* t = find_step_time(times, s);
        ASSERT_NE(t, nullptr) << "block " << block << " step " << step_name(s);
        EXPECT_GT(t->ns, 0.0);
        EXPECT_LT(t->ns, 1e6) << "a step of a 64K-element reduction took over a millisecond";
      }
    }
  }
}

}  // namespace
}  // namespace wl::reduce
