// Histogram traces against numbers worked out by hand: how many lanes each atomic request puts
// on one address (its serialised passes), what privatisation leaves for global memory, what the
// racy pitfall loses, and how many launches the sort makes.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "run/backend_run.h"
#include "kernels/families/histogram/samples.h"
#include "tests/kernels/histogram_requests.h"
#include "model/atomic_contention.h"
#include "model/warp_requests.h"

namespace wl::histogram {
namespace {

RunResult simulate(const std::string& variant, std::uint64_t n, unsigned block, unsigned bins, Pattern pattern,
                   bool record_all = false) {
  RunRequest r = test::histogram_request(variant, n, block, bins);
  r.record = true;
  r.record_blocks = {0};
  if (record_all)
    for (std::uint32_t b = 1; b < 64; ++b) r.record_blocks.push_back(b);
  RunInput input;
  input.pattern = pattern;
  return run_request(r, input, BackendChoice::Simulator).result;
}

Contention contention_of(const RunResult& out) { return atomic_contention(group_requests(out.trace)); }

// One warp of 32 threads, 128 items all in one bin: each of a lane's 4 samples is one request
// of 32 lanes on one address.
constexpr std::uint64_t kOneWarp = 128;

TEST(HistogramContention, OneBinTakes32PassesPerRequestWithGlobalAtomics) {
  const Contention c = contention_of(simulate("global-atomics", kOneWarp, 32, 256, Pattern::AllEqual));
  EXPECT_EQ(c.global.requests, 4u);
  EXPECT_EQ(c.global.lanes, 128u);
  EXPECT_EQ(c.global.passes, 4u * 32);
  EXPECT_EQ(c.shared.requests, 0u);
}

TEST(HistogramContention, SharedAtomicsMoveThePassesToSharedMemory) {
  const Contention c = contention_of(simulate("shared-atomics", kOneWarp, 32, 256, Pattern::AllEqual));
  EXPECT_EQ(c.shared.requests, 4u);
  EXPECT_EQ(c.shared.passes, 4u * 32);
  // The merge: one lane adds the one non-zero bin.
  EXPECT_EQ(c.global.lanes, 1u);
  EXPECT_EQ(c.global.passes, 1u);
}

TEST(HistogramContention, WarpAggregationTakesOnePassPerRequest) {
  const Contention c = contention_of(simulate("warp-aggregated", kOneWarp, 32, 256, Pattern::AllEqual));
  EXPECT_EQ(c.shared.requests, 4u);
  EXPECT_EQ(c.shared.lanes, 4u);  // one leader per round adds 32
  EXPECT_EQ(c.shared.passes, 4u);
}

// 4096 ascending items over 7 bins, 64 threads a block: 4 blocks (16 items a thread).
// Privatised, each block sends one atomic per bin it saw; unprivatised, every item is one.
TEST(HistogramContention, PrivatisationLeavesOneGlobalAtomicPerBinAndBlock) {
  const RunResult shared = simulate("shared-atomics", 4096, 64, 7, Pattern::Ascending, true);
  ASSERT_EQ(shared.launches.front().grid, 4u);
  const Contention s = contention_of(shared);
  EXPECT_EQ(s.shared.lanes, 4096u);
  // The grid's 256 threads read 16-byte vectors grid-stride: block b reads items
  // k * 1024 + b * 256 .. + 255 for k = 0 .. 3. Item i is in bin i * 7 / 4096.
  std::uint64_t bins_seen = 0;
  for (unsigned b = 0; b < 4; ++b) {
    std::set<unsigned> seen;
    for (unsigned k = 0; k < 4; ++k)
      for (unsigned i = k * 1024 + b * 256; i < k * 1024 + b * 256 + 256; ++i) seen.insert(i * 7 / 4096);
    bins_seen += seen.size();
  }
  EXPECT_EQ(s.global.lanes, bins_seen);
  EXPECT_EQ(s.global.lanes, 22u);
  const Contention g = contention_of(simulate("global-atomics", 4096, 64, 7, Pattern::Ascending, true));
  EXPECT_EQ(g.global.lanes, 4096u);
}

TEST(HistogramContention, PerThreadLocalAndSortUseNoAtomics) {
  for (const char* variant : {"per-thread-local", "sort-reduce-by-key"}) {
    const Contention c = contention_of(simulate(variant, 1000, 64, 7, Pattern::AllEqual, true));
    EXPECT_EQ(c.global.requests + c.shared.requests, 0u) << variant;
  }
}

// Every lane of the warp reads the bin's count before any writes it back, so each round of
// 32 increments leaves the count one higher: 4 rounds count 4 of 128 items.
TEST(RacyIncrement, AWarpOnOneBinKeepsOneUpdateInThirtyTwo) {
  const RunResult out = simulate("racy-increment", kOneWarp, 32, 256, Pattern::AllEqual);
  EXPECT_FALSE(out.check.ok);
  EXPECT_EQ(out.result.bits(hot_bin(256)), 4u);
  EXPECT_EQ(out.check.error, 124.0);
}

// Distinct bins in every round: nothing to lose, the pitfall is right by luck.
TEST(RacyIncrement, DistinctBinsInEveryRoundLoseNothing) {
  const RunResult out = simulate("racy-increment", 32, 32, 256, Pattern::Ascending);
  EXPECT_TRUE(out.check.ok) << out.check.expected;
}

// Keys, log2(P) (log2(P) + 1) / 2 bitonic passes, run starts, run lengths. P = 1024 for 1000.
TEST(SortReduceByKey, LaunchesKeysEveryBitonicPassAndTheRuns) {
  const RunResult out = simulate("sort-reduce-by-key", 1000, 64, 7, Pattern::Random);
  ASSERT_EQ(out.launches.size(), 1u + 10 * 11 / 2 + 2);
  EXPECT_EQ(out.trace.meta.launches.size(), out.launches.size());
  EXPECT_EQ(out.launches[1].kernel, "bitonic span 2, stride 1");
  EXPECT_EQ(out.launches[56 - 1].kernel, "bitonic span 1024, stride 1");
  EXPECT_EQ(out.launches.back().kernel, "run lengths");
  EXPECT_TRUE(out.check.ok);
}

}  // namespace
}  // namespace wl::histogram
