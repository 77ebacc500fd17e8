// The Online rescale view's model on a row worked by hand: 1, 3, 2, 5, 5, 4 over two threads.
// Chunk k is the values the threads read k-th: (1, 3), (2, 5), (5, 4).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "kernels/family/family.h"
#include "model/views/online_rescale.h"

namespace wl {
namespace {

RunRequest request_of(const std::string& variant, const std::vector<float>& row, unsigned block) {
  RunRequest r;
  r.family = "rows";
  r.variant = variant;
  r.op = "softmax";
  r.n = row.size();
  r.block = block;
  r.params["cols"] = row.size();
  r.record = true;
  return r;
}

Trace trace_of(const std::string& variant, const std::vector<float>& row, unsigned block) {
  return run_sim(request_of(variant, row, block), row.data()).trace;
}

// Chunk 0: both threads' first value beats -inf: 2 rescales; max 3, sum e^-2 + 1.
// Chunk 1: 2 > 1 and 5 > 3: 2 rescales; max 5, sum over 1, 3, 2, 5 of exp(x - 5).
// Chunk 2: 5 > 2 rescales thread 0; 4 < 5 does not: 1; max stays 5, sum adds 1 + e^-1.
TEST(OnlineRescale, RunningMaxSumAndRescalesByChunk) {
  const OnlineRescale o = build_online_rescale(trace_of("online", {1, 3, 2, 5, 5, 4}, 2));
  ASSERT_EQ(o.rows.size(), 1u);
  const RowRescales& r = o.rows[0];
  ASSERT_EQ(r.chunks.size(), 3u);
  EXPECT_EQ(r.rescales, 5u);
  const unsigned rescales[] = {2, 2, 1};
  const double maxes[] = {3, 5, 5};
  const double sums[] = {std::exp(-2.0) + 1, std::exp(-4.0) + std::exp(-2.0) + std::exp(-3.0) + 1,
                         std::exp(-4.0) + std::exp(-2.0) + std::exp(-3.0) + 2 + std::exp(-1.0)};
  const bool grew[] = {true, true, false};
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(r.chunks[k].rescales, rescales[k]) << k;
    EXPECT_EQ(r.chunks[k].threads, 2u) << k;
    EXPECT_EQ(r.chunks[k].max, maxes[k]) << k;
    EXPECT_NEAR(r.chunks[k].sum, sums[k], 1e-12) << k;
    EXPECT_EQ(r.chunks[k].max_grew, grew[k]) << k;
  }
}

// A sorted row read by one thread: every value is a new max, so every read rescales and the
// sum stays near 1 + e^-1 + e^-2 + ...: it is rescaled each time.
TEST(OnlineRescale, AnAscendingRowRescalesAtEveryValue) {
  const OnlineRescale o = build_online_rescale(trace_of("online", {0, 1, 2, 3, 4, 5, 6, 7}, 1));
  ASSERT_EQ(o.rows.size(), 1u);
  EXPECT_EQ(o.rows[0].rescales, 8u);
  for (const RescaleChunk& c : o.rows[0].chunks) EXPECT_TRUE(c.max_grew);
  EXPECT_NEAR(o.rows[0].chunks.back().sum, (1 - std::exp(-8.0)) / (1 - std::exp(-1.0)), 1e-12);
}

// The view is for the shape, not the name: of the family's softmaxes only online keeps a running
// max (its branch after each read is taken exactly when the read raised it), and a copy of it
// under a learner's name is drawn too.
TEST(OnlineRescale, TheShapeDecidesNotTheVariantsName) {
  const std::vector<float> row = {1, 3, 2, 5, 5, 4, -1, 7, 0, 2, 6, 8, 1, 1, 9, 3};
  for (const VariantSummary& v : find_family("rows")->variants()) {
    if (!validate(request_of(v.id, row, 4)).empty()) continue;  // a norm only
    Trace trace = trace_of(v.id, row, 4);
    sort_canonical(trace.events);
    EXPECT_EQ(fits_online_softmax(trace), v.id == "online") << v.id;
  }
  Trace mine = trace_of("online", row, 4);
  sort_canonical(mine.events);
  mine.meta.variant = "my-online-softmax";
  EXPECT_TRUE(fits_online_softmax(mine));
  const OnlineRescale o = build_online_rescale(mine);
  ASSERT_EQ(o.rows.size(), 1u);
  EXPECT_GT(o.rows[0].rescales, 0u);
}

}  // namespace
}  // namespace wl
