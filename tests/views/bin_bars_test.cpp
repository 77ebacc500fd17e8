// The bins view's model against counts worked out by hand: one warp of 32 threads, 256 items
// all in one bin, so each thread reads two 16-byte vectors, one per round.
#include "model/views/bin_bars.h"

#include <gtest/gtest.h>

#include "run/backend_run.h"
#include "kernels/families/histogram/samples.h"

namespace wl {
namespace {

TraceViews simulate_bins(const std::string& variant, Pattern pattern = Pattern::AllEqual) {
  RunRequest r;
  r.family = "histogram";
  r.variant = variant;
  r.type = "i32";
  r.n = 256;
  r.block = 32;
  r.params["bins"] = 16;
  r.record = true;
  RunInput input;
  input.pattern = pattern;
  return build_trace_views(run_request(r, input, BackendChoice::Simulator).result.trace);
}

constexpr unsigned kHot = histogram::hot_bin(16);

TEST(BinBars, GlobalAtomicsFillTheBinRoundByRound) {
  const TraceViews v = simulate_bins("global-atomics");
  const BinBars round0 = build_bin_bars(v, make_step(StepKind::Bin, 0));
  ASSERT_EQ(round0.bins, 16u);
  EXPECT_EQ(round0.counts[kHot], 128u);  // 32 lanes x 4 samples
  EXPECT_EQ(round0.atomic_requests, 4u);
  EXPECT_EQ(round0.passes[kHot], 4u * 32);  // every request: 32 lanes on one bin
  const BinBars end = build_bin_bars(v, kFinishStep);
  EXPECT_EQ(end.counts[kHot], 256u);
  EXPECT_EQ(end.lanes[kHot], 256u);
  EXPECT_TRUE(end.copies.empty());
}

TEST(BinBars, SharedAtomicsFillThePrivateCopyThenMerge) {
  const TraceViews v = simulate_bins("shared-atomics");
  const BinBars counted = build_bin_bars(v, make_step(StepKind::Bin, 1));
  ASSERT_EQ(counted.copies.size(), 1u);
  EXPECT_EQ(counted.copies[0].counts[kHot], 256u);
  EXPECT_EQ(counted.counts[kHot], 0u);  // nothing merged yet
  const BinBars end = build_bin_bars(v, kFinishStep);
  EXPECT_EQ(end.counts[kHot], 256u);
  EXPECT_EQ(end.atomic_requests, 8u + 1u);  // 8 shared, then the merge's one lane
}

TEST(BinBars, WarpAggregationLeavesOneLaneAPass) {
  const BinBars end = build_bin_bars(simulate_bins("warp-aggregated"), kFinishStep);
  EXPECT_EQ(end.copies[0].counts[kHot], 256u);
  EXPECT_EQ(end.lanes[kHot], 8u + 1u);  // one leader per request, then the merge
  EXPECT_EQ(end.passes[kHot], 8u + 1u);
}

// Stores set the count they store: the racy pitfall's lost updates are lost in the view too.
TEST(BinBars, RacyStoresKeepOneUpdateInThirtyTwo) {
  const BinBars end = build_bin_bars(simulate_bins("racy-increment"), kFinishStep);
  ASSERT_EQ(end.copies.size(), 1u);
  EXPECT_EQ(end.copies[0].counts[kHot], 8u);  // 2 rounds x 4 samples, each leaving the count one higher
  EXPECT_EQ(end.counts[kHot], 8u);            // and the merge adds what is left
  EXPECT_EQ(end.atomic_requests, 1u);         // the merge's one lane
}

// A reduction's warp totals in shared memory are not private bins: it counts nothing.
TEST(BinBars, SharedWritesOutsideTheCountingRoundsAreNotBins) {
  const TraceViews v = simulate_bins("per-thread-local");
  const BinBars end = build_bin_bars(v, kFinishStep);
  EXPECT_TRUE(end.copies.empty());
}

TEST(BinBars, ARunWithoutCountersHasNoBins) {
  RunRequest r;
  r.variant = "sequential";
  r.n = 256;
  r.record = true;
  const TraceViews v = build_trace_views(run_request(r, RunInput{}, BackendChoice::Simulator).result.trace);
  EXPECT_EQ(build_bin_bars(v, kFinishStep).bins, 0u);
}

}  // namespace
}  // namespace wl
