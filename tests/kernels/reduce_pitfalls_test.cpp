// The textbook's three pitfalls (issue 36) as the simulator shows them: the doubled result of a
// run made twice without a reset, the first read of a warp sum nobody wrote, and the lanes a
// shuffle's mask leaves out. Each where and what worked out by hand.
#include <gtest/gtest.h>

#include <fstream>
#include <numeric>
#include <string>

#include "kernels/families/reduce/traits.h"
#include "model/views/divergence_map.h"
#include "model/views/fault_report.h"
#include "model/views/trace_views.h"
#include "trace/trace_file.h"
#include "trace/trace_json.h"

namespace wl::reduce {
namespace {

RunResult run(const std::string& variant, const std::string& op, std::uint64_t n, unsigned block) {
  RunRequest r;
  r.variant = variant;
  r.op = op;
  r.type = "i32";
  r.n = n;
  r.block = block;
  r.record = true;
  r.record_blocks = {0};
  std::vector<std::int32_t> input(n);
  std::iota(input.begin(), input.end(), 1);
  return run_sim(r, input.data());
}

// The line of `file` (under kernels/families/reduce/) that contains `text`: where the bug is.
unsigned line_of(const std::string& file, const std::string& text) {
  std::ifstream in(std::string(WL_SOURCE_DIR) + "/kernels/families/reduce/" + file);
  std::string line;
  for (unsigned number = 1; std::getline(in, line); ++number)
    if (line.find(text) != std::string::npos) return number;
  ADD_FAILURE() << text << " is not in " << file;
  return 0;
}

// 1 + ... + 500 = 125250, twice: 250500. Two launches of 8 blocks of 64, one atomic a block each.
TEST(ReducePitfalls, NoOutputResetDoublesTheSum) {
  const RunResult out = run("no-output-reset", "sum", 500, 64);
  ASSERT_FALSE(out.trace.meta.fault);
  EXPECT_EQ(out.result.bits(0), 250500u);
  EXPECT_FALSE(out.check.ok);
  EXPECT_EQ(out.check.expected, "125250");
  EXPECT_NE(out.check.diagnosis.find("not reset between the two runs: it holds the sum of both runs"),
            std::string::npos) << out.check.diagnosis;
  ASSERT_EQ(out.launches.size(), 2u);
  EXPECT_EQ(out.trace.meta.launches.size(), 2u);
  EXPECT_EQ(out.launches[1].grid, 8u);
}

// max(m, m) = m: the same bug, unseen. The check passes and says why it could not fail.
TEST(ReducePitfalls, NoOutputResetHidesUnderMax) {
  const RunResult out = run("no-output-reset", "max", 500, 64);
  EXPECT_TRUE(out.check.ok);
  EXPECT_EQ(out.result.bits(0), 500u);
  EXPECT_NE(out.check.diagnosis.find("the bug hides here"), std::string::npos) << out.check.diagnosis;
}

// A block of 64 is 2 warps: they write warp_sums[0] and [1]. Warp 0's lanes then read
// warp_sums[lane]; lanes 0 and 1 read written slots, and lane 2, the first the simulator runs
// past them, reads slot 2, which nobody wrote.
TEST(ReducePitfalls, WarpSumsUnguardedStopsAtTheFirstUnwrittenSlot) {
  const RunResult out = run("warp-sums-unguarded", "sum", 256, 64);
  ASSERT_TRUE(out.trace.meta.fault);
  const TraceFault& f = *out.trace.meta.fault;
  EXPECT_EQ(f.kind, "read of uninitialized shared memory");
  EXPECT_EQ(f.block, 0u);
  EXPECT_EQ(f.thread, 2u);
  EXPECT_EQ(f.line, line_of("warp_sums_unguarded.h", "the bug: slots"));
  EXPECT_NE(f.message.find("reads shared element 2 "), std::string::npos) << f.message;
  EXPECT_EQ(f.step, level_step(kWarpReduceLevels - 1));  // read before warp 0's second stage begins
  EXPECT_FALSE(out.check.ok);
  // The run up to there: block 0's loads and its first five shuffle levels.
  EXPECT_FALSE(out.trace.events.empty());
  std::uint16_t last_step = 0;
  for (const Event& e : out.trace.events) last_step = std::max<std::uint16_t>(last_step, e.step);
  EXPECT_LT(last_step, level_step(kWarpReduceLevels) + 1);
  EXPECT_NE(fault_sentence(out.trace.meta).find("kernels/families/reduce/warp_sums_unguarded.h:" +
                                                std::to_string(f.line) + " (block 0, thread 2)"),
            std::string::npos) << fault_sentence(out.trace.meta);
}

// 32 warps write all 32 slots: the missing guard changes nothing, and the sum is right.
TEST(ReducePitfalls, WarpSumsUnguardedIsRightWithThirtyTwoWarps) {
  const RunResult out = run("warp-sums-unguarded", "sum", 4096, 1024);
  EXPECT_FALSE(out.trace.meta.fault);
  EXPECT_TRUE(out.check.ok);
  EXPECT_EQ(out.result.bits(0), 4096u * 4097u / 2);
}

// The first shuffle (offset 16) names lanes 0-15, (1 << 16) - 1; all 32 lanes execute it.
TEST(ReducePitfalls, ShufflePartialMaskNamesTheLanesLeftOut) {
  const RunResult out = run("shuffle-partial-mask", "sum", 256, 64);
  ASSERT_TRUE(out.trace.meta.fault);
  const TraceFault& f = *out.trace.meta.fault;
  EXPECT_EQ(f.kind, "warp collective mask");
  EXPECT_EQ(f.thread, 16u);
  EXPECT_EQ(f.lanes, 0xffff0000u);
  EXPECT_EQ(f.step, level_step(0));
  EXPECT_EQ(f.line, line_of("shuffle_partial_mask.h", "ctx.shfl_down(lanes_that_keep"));
  EXPECT_NE(f.message.find("mask 0x0000ffff leaves out lane(s) 16-31 of warp 0"), std::string::npos) << f.message;

  // The divergence view's model: lanes 16-31 of warp 0 at level 0 are the fault's.
  const TraceViews views = build_trace_views(out.trace);
  const BlockViews block = build_block_views(views, 0);
  const DivergenceMap& m = block.divergence;
  ASSERT_GE(m.fault_column, 0);
  EXPECT_EQ(m.steps[std::size_t(m.fault_column)], level_step(0));
  EXPECT_EQ(m.fault_warp, 0u);
  const std::vector<LaneUse> lanes = m.lane_grid();
  for (unsigned lane = 0; lane < 32; ++lane) {
    const LaneUse use = lanes[std::size_t(m.fault_column) * 32 + lane];
    EXPECT_EQ(use == LaneUse::Fault, lane >= 16) << "lane " << lane;
  }
  for (unsigned lane = 0; lane < 32; ++lane)  // warp 1 is not marked
    EXPECT_NE(lanes[(m.steps.size() + std::size_t(m.fault_column)) * 32 + lane], LaneUse::Fault);
}

// The fault survives both file formats: a saved run shows where it stopped.
TEST(ReducePitfalls, TheFaultIsSavedWithTheTrace) {
  const RunResult out = run("shuffle-partial-mask", "sum", 256, 64);
  ASSERT_TRUE(out.trace.meta.fault);
  const std::string bin = testing::TempDir() + "fault.bin", json = testing::TempDir() + "fault.json";
  write_trace(out.trace, bin);
  write_trace_json(out.trace, json);
  for (const Trace& t : {read_trace(bin), read_trace_json(json)}) {
    ASSERT_TRUE(t.meta.fault);
    EXPECT_EQ(t.meta.fault->message, out.trace.meta.fault->message);
    EXPECT_EQ(t.meta.fault->lanes, 0xffff0000u);
    EXPECT_EQ(t.meta.fault->line, out.trace.meta.fault->line);
    EXPECT_EQ(t.events.size(), out.trace.events.size());
  }
}

}  // namespace
}  // namespace wl::reduce
