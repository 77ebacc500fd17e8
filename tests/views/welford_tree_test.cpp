// The Welford tree view's model on rows worked by hand. Each thread's leaf is Welford's update
// over its columns (t, t + block, ...): n += 1, delta = x - mean, mean += delta / n,
// M2 += delta (x - mean). A merge of (na, ma, M2a) with (nb, mb, M2b): n = na + nb,
// delta = mb - ma, mean = ma + delta nb / n, M2 = M2a + M2b + delta^2 na nb / n.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/bits.h"
#include "kernels/family/family.h"
#include "model/views/welford_tree.h"
#include "tests/kernels/rows_requests.h"

namespace wl {
namespace {

WelfordTree tree_of(const std::string& variant, const std::vector<float>& row, unsigned block) {
  RunRequest r = test::rows_request(variant, "layernorm", unsigned(row.size()), 1, block);
  r.record = true;
  return build_welford_tree(run_sim(r, row.data()).trace);
}

void expect_node(const WelfordNode& node, unsigned thread, float n, float mean, float m2) {
  EXPECT_EQ(node.thread, thread);
  EXPECT_FLOAT_EQ(node.n, n) << "thread " << thread;
  EXPECT_FLOAT_EQ(node.mean, mean) << "thread " << thread;
  EXPECT_FLOAT_EQ(node.m2, m2) << "thread " << thread;
  EXPECT_EQ(node.values, std::uint64_t(n)) << "thread " << thread;
  EXPECT_NEAR(node.exact_mean, mean, 1e-6) << "thread " << thread;
  EXPECT_NEAR(node.exact_m2, m2, 1e-5) << "thread " << thread;
}

// Row 2 4 4 4 5 5 7 9 (mean 5, variance 4), 4 threads: thread t reads columns t and t + 4.
//   leaves: t0 {2, 5}: (1, 2, 0), then delta 3: (2, 3.5, 0 + 3 * 1.5)  = (2, 3.5, 4.5)
//           t1 {4, 5}: delta 1: (2, 4.5, 1 * 0.5)                       = (2, 4.5, 0.5)
//           t2 {4, 7}: delta 3: (2, 5.5, 3 * 1.5)                       = (2, 5.5, 4.5)
//           t3 {4, 9}: delta 5: (2, 6.5, 5 * 2.5)                       = (2, 6.5, 12.5)
//   level 0, stride 2: t0 + t2: delta 2, mean 3.5 + 2 * 2/4 = 4.5, M2 4.5 + 4.5 + 4 * 2*2/4 = 13
//                      t1 + t3: delta 2, mean 4.5 + 1 = 5.5,         M2 0.5 + 12.5 + 4 = 17
//   level 1, stride 1: t0 + t1: delta 1, mean 4.5 + 0.5 = 5,         M2 13 + 17 + 1 * 4*4/8 = 32
//   variance 32 / 8 = 4. Every number is exact in f32.
TEST(WelfordTree, EachMergeOfARowWorkedByHand) {
  const WelfordTree t = tree_of("welford", {2, 4, 4, 4, 5, 5, 7, 9}, 4);
  ASSERT_TRUE(t.note.empty()) << t.note;
  EXPECT_EQ(t.cols, 8u);
  const WelfordRow* row = welford_row(t, 0);
  ASSERT_NE(row, nullptr);
  ASSERT_EQ(row->levels.size(), 3u);
  ASSERT_EQ(row->levels[0].size(), 4u);
  expect_node(row->levels[0][0], 0, 2, 3.5f, 4.5f);
  expect_node(row->levels[0][1], 1, 2, 4.5f, 0.5f);
  expect_node(row->levels[0][2], 2, 2, 5.5f, 4.5f);
  expect_node(row->levels[0][3], 3, 2, 6.5f, 12.5f);
  ASSERT_EQ(row->levels[1].size(), 2u);
  expect_node(row->levels[1][0], 0, 4, 4.5f, 13);
  EXPECT_EQ(row->levels[1][0].partner, 2u);
  EXPECT_EQ(row->levels[1][0].left, 0);
  EXPECT_EQ(row->levels[1][0].right, 2);
  expect_node(row->levels[1][1], 1, 4, 5.5f, 17);
  EXPECT_EQ(row->levels[1][1].partner, 3u);
  ASSERT_EQ(row->levels[2].size(), 1u);
  expect_node(row->levels[2][0], 0, 8, 5, 32);
  EXPECT_EQ(row->levels[2][0].partner, 1u);
  EXPECT_EQ(row->levels[2][0].left, 0);
  EXPECT_EQ(row->levels[2][0].right, 1);
  EXPECT_FLOAT_EQ(row->mean, 5);
  EXPECT_FLOAT_EQ(row->variance, 4);
  EXPECT_DOUBLE_EQ(row->reference_mean, 5);
  EXPECT_DOUBLE_EQ(row->reference_variance, 4);
  EXPECT_EQ(welford_row(t, 1), nullptr);  // one row only
}

// Row 1 2 6 over 4 threads: thread 3 has no column and keeps (0, 0, 0).
//   leaves (1, 1, 0), (1, 2, 0), (1, 6, 0), (0, 0, 0)
//   level 0: t0 + t2: delta 5, mean 1 + 5/2 = 3.5, M2 25 * 1*1/2 = 12.5
//            t1 + t3: nb = 0, so the share nb / n is 0: (1, 2, 0) unchanged
//   level 1: t0 + t1: delta -1.5, mean 3.5 - 1.5/3 = 3, M2 12.5 + 2.25 * 2*1/3 = 14
//   variance 14 / 3 (f32: 4.6666665).
TEST(WelfordTree, ThreadsPastTheRowsEndMergeAsNothing) {
  const WelfordTree t = tree_of("welford", {1, 2, 6}, 4);
  const WelfordRow* row = welford_row(t, 0);
  ASSERT_NE(row, nullptr) << t.note;
  ASSERT_EQ(row->levels.size(), 3u);
  expect_node(row->levels[0][3], 3, 0, 0, 0);
  expect_node(row->levels[1][0], 0, 2, 3.5f, 12.5f);
  expect_node(row->levels[1][1], 1, 1, 2, 0);
  expect_node(row->levels[2][0], 0, 3, 3, 14);
  EXPECT_FLOAT_EQ(row->variance, 14.0f / 3.0f);
  EXPECT_NEAR(row->reference_variance, 14.0 / 3.0, 1e-12);
}

// The view is for the shape: of the family's layer norms only welford stores (count, mean, M2)
// triples at its read and at each level of its tree; the others are left out of the tab bar,
// and a model built from one anyway says why it has no tree.
TEST(WelfordTree, TheShapeDecidesNotTheVariantsName) {
  const std::vector<float> row = {2, 4, 4, 4, 5, 5, 7, 9};
  for (const VariantSummary& v : find_family("rows")->variants()) {
    RunRequest r = test::rows_request(v.id, "layernorm", unsigned(row.size()), 1, 4);
    if (!validate(r).empty()) continue;  // softmax only
    r.record = true;
    Trace trace = run_sim(r, row.data()).trace;
    sort_canonical(trace.events);
    EXPECT_EQ(fits_welford_tree(trace), v.id == "welford") << v.id;
  }
  const WelfordTree t = tree_of("two-pass", row, 4);
  EXPECT_TRUE(t.rows.empty());
  EXPECT_NE(t.note.find("not a triple"), std::string::npos) << t.note;
}

}  // namespace
}  // namespace wl
