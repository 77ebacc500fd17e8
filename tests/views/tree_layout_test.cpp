#include "model/views/tree_layout.h"

#include <gtest/gtest.h>

#include "model/views/block_events.h"
#include "sim_trace.h"

namespace wl {
namespace {

TEST(TreeLayout, OneColumnPerPositionOneRowPerStep) {
  const TraceViews v = test::simulate("sequential", 32, 32);
  const TreeModel t = test::tree_of(v, 0);
  const TreeLayout l = layout_tree(t);
  EXPECT_FLOAT_EQ(l.columns, 32.0f);
  ASSERT_EQ(l.rows.size(), t.rows.size());
  for (std::size_t r = 0; r < l.rows.size(); ++r) {
    EXPECT_FLOAT_EQ(l.rows[r].y, float(r));
    EXPECT_FALSE(l.rows[r].aggregated);
    ASSERT_EQ(l.rows[r].boxes.size(), 32u);
    for (std::uint32_t p = 0; p < 32; ++p) {
      EXPECT_FLOAT_EQ(l.rows[r].boxes[p].x, float(p) + 0.5f);
      EXPECT_FLOAT_EQ(l.rows[r].boxes[p].width, 1.0f);
      EXPECT_EQ(l.rows[r].boxes[p].count, 1u);
    }
  }
  const std::uint32_t some_node = t.rows[3].first_node + 7;
  EXPECT_FLOAT_EQ(l.node_x(some_node, t), 7.5f);
}

TEST(TreeLayout, InputRowSpreadsOverTheWidth) {
  // first-add-on-load: each of the 64 threads loads two elements; 128 inputs over 64 columns.
  const TraceViews v = test::simulate("first-add-on-load", 64, 128);
  const TreeModel t = test::tree_of(v, 0);
  ASSERT_EQ(t.rows[0].label, "input");
  ASSERT_EQ(t.rows[0].node_count, 128u);
  const TreeLayout l = layout_tree(t);
  EXPECT_FALSE(l.rows[0].aggregated);
  EXPECT_FLOAT_EQ(l.rows[0].boxes[0].width, 0.5f);
  EXPECT_FLOAT_EQ(l.rows[0].boxes[127].x, 63.75f);
  // Each slot of the load row combines inputs t and t + 64.
  const TreeRow& load = t.rows[1];
  EXPECT_EQ(load.edge_count, 128u);
}

TEST(TreeLayout, RowsOverTheLimitAreAggregated) {
  const TraceViews v = test::simulate("first-add-on-load", 64, 128);
  const TreeModel t = test::tree_of(v, 0);
  const TreeLayout l = layout_tree(t, 32);  // at most 32 boxes a row
  ASSERT_TRUE(l.rows[0].aggregated);
  ASSERT_EQ(l.rows[0].boxes.size(), 32u);
  EXPECT_EQ(l.rows[0].boxes[0].count, 4u);
  EXPECT_FLOAT_EQ(l.rows[0].boxes[0].width, 2.0f);
  EXPECT_TRUE(l.rows[1].aggregated);  // 64 slots over the limit of 32 too
  EXPECT_EQ(l.rows[1].boxes.size(), 32u);
  EXPECT_EQ(l.rows[1].boxes[0].written, 2u);
}

TEST(TreeLayout, BeyondAThousandElementsTheInputRowIsAggregated) {
  const TraceViews v = test::simulate("first-add-on-load", 1024, 2048);
  const TreeModel t = test::tree_of(v, 0);
  const TreeLayout l = layout_tree(t);
  ASSERT_EQ(t.rows[0].node_count, 2048u);
  EXPECT_TRUE(l.rows[0].aggregated);
  EXPECT_EQ(l.rows[0].boxes.size(), 1024u);
  EXPECT_FALSE(l.rows[1].aggregated);  // 1024 slots: still one box each
}

}  // namespace
}  // namespace wl
