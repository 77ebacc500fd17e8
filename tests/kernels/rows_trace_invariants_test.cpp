// Rows traces against numbers worked out by hand: the online softmax's rescales on a known row,
// Welford's (count, mean, M2) before and after a merge, the reads of the row each variant makes,
// and the sectors a warp's loads cost with a thread and with a block a row.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "kernels/families/rows/traits.h"
#include "model/metrics.h"
#include "tests/kernels/rows_requests.h"

namespace wl::rows {
namespace {

RunResult simulate(RunRequest r, const std::vector<float>& x, unsigned blocks = 1) {
  r.record = true;
  r.record_blocks.clear();
  for (std::uint32_t b = 0; b < blocks; ++b) r.record_blocks.push_back(b);
  return run_sim(r, x.data());
}

// A thread's taken branches on its own file's lines in the load step: online's rescales (the
// walk over the row branches in variant.h, sites from kFamilySites).
std::vector<unsigned> rescales_by_thread(const Trace& t, unsigned threads) {
  std::vector<unsigned> count(threads, 0);
  for (const Event& e : t.events)
    if (e.op == OpKind::Branch && e.step == kLoadStep && e.site < kFamilySites && e.taken()) ++count[e.thread];
  return count;
}

// The values a thread stored to shared memory in a step, in its order.
std::vector<float> shared_stores(const Trace& t, unsigned thread, StepId step) {
  std::vector<const Event*> mine;
  for (const Event& e : t.events)
    if (e.op == OpKind::SharedStore && e.thread == thread && e.step == step) mine.push_back(&e);
  std::sort(mine.begin(), mine.end(), [](const Event* a, const Event* b) { return a->seq < b->seq; });
  std::vector<float> values;
  for (const Event* e : mine) values.push_back(from_bits<float>(e->value[0]));
  return values;
}

// One thread walks 1, 3, 2, 5, 5, 4. Its running max: 1, 3, 3, 5, 5, 5. It rescales when x
// beats the max: at 1 (over -inf), 3 and the first 5: 3 rescales; 2, the second 5 (not larger)
// and 4 leave it. Its sum against 5 at the end: e^-4 + e^-2 + e^-3 + 1 + 1 + e^-1.
TEST(OnlineSoftmax, RescalesWhereTheMaxGrows) {
  const std::vector<float> row{1, 3, 2, 5, 5, 4};
  const RunResult out = simulate(test::rows_request("online", "softmax", 6, 1, 1), row);
  ASSERT_TRUE(out.check.ok) << out.check.expected;
  EXPECT_EQ(rescales_by_thread(out.trace, 1), std::vector<unsigned>{3});
  const std::vector<float> stored = shared_stores(out.trace, 0, kLoadStep);  // its max, then its sum
  ASSERT_EQ(stored.size(), 2u);
  EXPECT_EQ(stored[0], 5.0f);
  EXPECT_NEAR(stored[1], std::exp(-4.0) + std::exp(-2.0) + std::exp(-3.0) + 2 + std::exp(-1.0), 1e-6);
}

// Two threads: thread 0 reads columns 0, 2, 4 (1, 2, 5): 3 rescales, max 5, sum 1 + e^-3 + e^-4
// (1 rescaled by e^-1, plus 1, all rescaled by e^-3, plus 1). Thread 1 reads 3, 5, 4: 2
// rescales, max 5, sum 1 + e^-2 + e^-1. The merge: both maxes are 5, the sums add.
TEST(OnlineSoftmax, TwoThreadsRescaleApartThenMerge) {
  const std::vector<float> row{1, 3, 2, 5, 5, 4};
  const RunResult out = simulate(test::rows_request("online", "softmax", 6, 1, 2), row);
  ASSERT_TRUE(out.check.ok) << out.check.expected;
  EXPECT_EQ(rescales_by_thread(out.trace, 2), (std::vector<unsigned>{3, 2}));
  const std::vector<float> t0 = shared_stores(out.trace, 0, kLoadStep), t1 = shared_stores(out.trace, 1, kLoadStep);
  ASSERT_EQ(t0.size(), 2u);
  ASSERT_EQ(t1.size(), 2u);
  EXPECT_NEAR(t0[1], 1 + std::exp(-3.0) + std::exp(-4.0), 1e-6);
  EXPECT_NEAR(t1[1], 1 + std::exp(-2.0) + std::exp(-1.0), 1e-6);
  const std::vector<float> merged = shared_stores(out.trace, 0, level_step(0));
  ASSERT_EQ(merged.size(), 2u);
  EXPECT_EQ(merged[0], 5.0f);
  EXPECT_NEAR(merged[1], t0[1] + t1[1], 1e-6);
}

// 2, 4, 4, 4, 5, 5, 7, 9 over two threads. Thread 0 holds 2, 4, 5, 7: count 4, mean 4.5,
// M2 = 2.5^2 + 0.5^2 + 0.5^2 + 2.5^2 = 13. Thread 1 holds 4, 4, 5, 9: 4, 5.5,
// 1.5^2 + 1.5^2 + 0.5^2 + 3.5^2 = 17. Chan's merge: delta = 1, n = 8, mean = 4.5 + 1 * 4 / 8 = 5,
// M2 = 13 + 17 + 1 * 4 * 4 / 8 = 32: the variance 32 / 8 = 4.
TEST(Welford, MergesCountMeanAndM2Pairwise) {
  const std::vector<float> row{2, 4, 4, 4, 5, 5, 7, 9};
  const RunResult out = simulate(test::rows_request("welford", "layernorm", 8, 1, 2), row);
  ASSERT_TRUE(out.check.ok) << out.check.expected;
  const std::vector<float> t0 = shared_stores(out.trace, 0, kLoadStep), t1 = shared_stores(out.trace, 1, kLoadStep);
  ASSERT_EQ(t0.size(), 3u);
  ASSERT_EQ(t1.size(), 3u);
  EXPECT_EQ(t0[0], 4.0f);
  EXPECT_NEAR(t0[1], 4.5, 1e-6);
  EXPECT_NEAR(t0[2], 13, 1e-5);
  EXPECT_EQ(t1[0], 4.0f);
  EXPECT_NEAR(t1[1], 5.5, 1e-6);
  EXPECT_NEAR(t1[2], 17, 1e-5);
  const std::vector<float> merged = shared_stores(out.trace, 0, level_step(0));
  ASSERT_EQ(merged.size(), 3u);
  EXPECT_EQ(merged[0], 8.0f);
  EXPECT_NEAR(merged[1], 5, 1e-6);
  EXPECT_NEAR(merged[2], 32, 1e-5);
  const std::vector<float> y = test::values_of(out);
  EXPECT_NEAR(y[0], (2 - 5) / std::sqrt(4 + 1e-5), 1e-6);  // (x - mean) / sqrt(variance + eps)
}

// Values loaded from the input in a whole run (every block recorded; a 16-byte load is 4), over
// the values in it.
double reads_of_each_value(const std::string& variant, const std::string& op) {
  const RunRequest r = test::rows_request(variant, op, 100, 4, 64);
  const RunResult out = simulate(r, test::rows_input(r, Pattern::Random), 64);
  EXPECT_TRUE(out.check.ok) << variant;
  BufferId input = kNoBuffer;
  for (const BufferRecord& b : out.trace.meta.buffers)
    if (b.name == "input") input = b.id;
  std::uint64_t loads = 0;
  for (const Event& e : out.trace.events)
    if (e.op == OpKind::GlobalLoad && e.buffer == input) loads += e.size / sizeof(float);
  return double(loads) / r.n;
}

// Softmax reads the row for the max, for the sum, and to write, unless a variant saves a read:
// online finds max and sum in one, register-resident keeps the row after its one read.
TEST(RowsReads, EachVariantReadsTheRowAsOftenAsItsLessonSays) {
  EXPECT_EQ(reads_of_each_value("three-pass", "softmax"), 3);
  EXPECT_EQ(reads_of_each_value("block-per-row", "softmax"), 3);
  EXPECT_EQ(reads_of_each_value("warp-per-row", "softmax"), 3);
  EXPECT_EQ(reads_of_each_value("online", "softmax"), 2);
  EXPECT_EQ(reads_of_each_value("register-resident", "softmax"), 1);
  EXPECT_EQ(reads_of_each_value("softmax-no-max", "softmax"), 2);
  EXPECT_EQ(reads_of_each_value("two-pass", "layernorm"), 3);
  EXPECT_EQ(reads_of_each_value("welford", "layernorm"), 2);
  EXPECT_EQ(reads_of_each_value("variance-naive", "layernorm"), 2);
  EXPECT_EQ(reads_of_each_value("block-per-row", "rmsnorm"), 2);
  EXPECT_EQ(reads_of_each_value("three-pass", "rmsnorm"), 2);
  EXPECT_EQ(reads_of_each_value("register-resident", "layernorm"), 1);
}

// 32 rows of 64 values, a warp. A thread a row: each load's 32 lanes are a row (256 bytes)
// apart, 32 sectors where 4 would hold the 128 bytes. A block a row: 32 consecutive values, 4.
TEST(RowsMemory, AThreadARowLosesCoalescing) {
  const RunRequest thread = test::rows_request("thread-per-row", "rmsnorm", 64, 32, 32);
  const GlobalCounts t = compute_metrics(simulate(thread, test::rows_input(thread, Pattern::Random)).trace).total.global_ld;
  EXPECT_EQ(t.requests, 2u * 64);  // mean square, then write: 64 loads each
  EXPECT_EQ(t.sectors, t.requests * 32);
  EXPECT_EQ(t.ideal, t.requests * 4);
  const RunRequest block = test::rows_request("block-per-row", "rmsnorm", 64, 32, 32);
  const GlobalCounts b = compute_metrics(simulate(block, test::rows_input(block, Pattern::Random)).trace).total.global_ld;
  EXPECT_EQ(b.requests, 2u * 2);  // block 0 only: its row is two loads of 32 lanes, twice
  EXPECT_EQ(b.sectors, b.requests * 4);
  EXPECT_EQ(b.ideal, b.sectors);
}

// Softmax as three launches, layer norm too, RMS norm as two; the statistics cross between
// them in global buffers named for what they hold.
TEST(ThreePass, LaunchesAPassAndKeepsStatisticsInGlobalMemory) {
  RunRequest r = test::rows_request("three-pass", "softmax", 32, 4, 32);
  RunResult out = simulate(r, test::rows_input(r, Pattern::Random));
  ASSERT_EQ(out.launches.size(), 3u);
  EXPECT_EQ(out.launches[0].kernel, "row max");
  EXPECT_EQ(out.launches[1].kernel, "row sum of exp");
  EXPECT_EQ(out.launches[2].grid, 4u);  // a thread an element: 128 / 32
  std::vector<std::string> names;
  for (const BufferRecord& b : out.trace.meta.buffers) names.push_back(b.name);
  EXPECT_EQ(names, (std::vector<std::string>{"input", "output", "row max", "row sum"}));
  r.op = "rmsnorm";
  out = simulate(r, test::rows_input(r, Pattern::Random));
  ASSERT_EQ(out.launches.size(), 2u);
  EXPECT_EQ(out.launches[0].kernel, "row mean square");
}

}  // namespace
}  // namespace wl::rows
