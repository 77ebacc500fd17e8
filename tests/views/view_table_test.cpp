#include "model/views/view_table.h"

#include "kernels/family/family.h"

#include <gtest/gtest.h>

namespace wl {
namespace {

TEST(ViewTable, EveryNameParsesBackToItsView) {
  for (int k = 0; k < int(ViewKind::Count); ++k) {
    ViewKind view = ViewKind::Count;
    bool compare = false;
    ASSERT_TRUE(parse_view(view_name(ViewKind(k)), view, compare)) << view_name(ViewKind(k));
    EXPECT_EQ(view, ViewKind(k));
    EXPECT_FALSE(compare);
  }
  ViewKind view = ViewKind::Metrics;
  bool compare = false;
  EXPECT_TRUE(parse_view("compare", view, compare));
  EXPECT_TRUE(compare);
  EXPECT_EQ(view, ViewKind::Tree);
  EXPECT_FALSE(parse_view("radar", view, compare));
}

TEST(ViewTable, TheTreeIsForReductionsTheOthersForEveryFamily) {
  EXPECT_TRUE(view_applies(ViewKind::Tree, showcase_of("reduce")));
  EXPECT_FALSE(view_applies(ViewKind::Tree, showcase_of("histogram")));
  EXPECT_FALSE(view_applies(ViewKind::Tree, showcase_of("red")));  // a whole id, not a prefix
  for (ViewKind v : {ViewKind::Dataflow, ViewKind::Divergence, ViewKind::Banks, ViewKind::Memory, ViewKind::Source,
                     ViewKind::Metrics, ViewKind::Timing})
    EXPECT_TRUE(view_applies(v, showcase_of("histogram"))) << view_name(v);
}

TEST(ViewTable, TheDataflowComesRightAfterTheTree) {
  EXPECT_EQ(int(ViewKind::Count), 16);
  EXPECT_EQ(ViewKind(0), ViewKind::Tree);  // key 1 stays the tree
  EXPECT_STREQ(view_name(ViewKind(1)), "dataflow");
  EXPECT_STREQ(view_title(ViewKind::Dataflow), "Dataflow");
  EXPECT_EQ(view_names_text(),
            "tree, dataflow, divergence, banks, memory, source, metrics, timing, lookback, histogram, links, ring, numerics, "
            "rows, online, welford, compare");
}

TEST(ViewTable, TheTimingViewIsKeyEightForEveryFamily) {
  EXPECT_EQ(view_key(ViewKind::Timing), 8);
  EXPECT_STREQ(view_name(ViewKind::Timing), "timing");
  EXPECT_STREQ(view_title(ViewKind::Timing), "Timing");
  for (const char* family : {"reduce", "scan", "histogram"}) EXPECT_TRUE(view_applies(ViewKind::Timing, showcase_of(family)));
}

// Key 9 is the family's own view: the look-back timeline for scans, the bins for histograms.
TEST(ViewTable, KeyNineIsTheFamilysOwnView) {
  EXPECT_EQ(view_key(ViewKind::Lookback), 9);
  EXPECT_EQ(view_key(ViewKind::Histogram), 9);
  EXPECT_TRUE(view_applies(ViewKind::Histogram, showcase_of("histogram")));
  EXPECT_FALSE(view_applies(ViewKind::Histogram, showcase_of("scan")));
  EXPECT_STREQ(view_name(ViewKind::Lookback), "lookback");
  EXPECT_TRUE(view_applies(ViewKind::Lookback, showcase_of("scan")));
  EXPECT_FALSE(view_applies(ViewKind::Lookback, showcase_of("reduce")));
}

// Row-wise softmax and norms declare four views of their own; no other family draws them.
TEST(ViewTable, RowsHaveTheirNumericsRowsOnlineRescaleAndWelfordViews) {
  for (ViewKind v : {ViewKind::Numerics, ViewKind::RowThreads, ViewKind::Online, ViewKind::Welford}) {
    EXPECT_TRUE(view_applies(v, showcase_of("rows"))) << view_name(v);
    for (const char* family : {"reduce", "scan", "histogram", "allreduce"}) EXPECT_FALSE(view_applies(v, showcase_of(family)));
  }
  ViewKind v = ViewKind::Tree;
  bool compare = true;
  ASSERT_TRUE(parse_view("online", v, compare));
  EXPECT_EQ(v, ViewKind::Online);
  EXPECT_STREQ(view_title(ViewKind::Online), "Online rescale");
  EXPECT_EQ(view_key(ViewKind::Numerics), 1);
  ASSERT_TRUE(parse_view("rows", v, compare));
  EXPECT_EQ(v, ViewKind::RowThreads);
  EXPECT_STREQ(view_title(ViewKind::RowThreads), "Rows to threads");
  ASSERT_TRUE(parse_view("welford", v, compare));
  EXPECT_EQ(v, ViewKind::Welford);
  EXPECT_STREQ(view_title(ViewKind::Welford), "Welford tree");
}

// A digit shows the family's view with that key. Rows: 1 Numerics, 0 Rows to threads (no tree
// to fit with 0 there), and 9 twice: pressed again, it takes turns between Online and Welford.
TEST(ViewTable, ADigitSharedByAFamilysViewsTakesTurns) {
  const FamilyShowcase& rows = showcase_of("rows");
  EXPECT_EQ(view_for_key(1, ViewKind::Dataflow, rows), ViewKind::Numerics);
  EXPECT_EQ(view_for_key(0, ViewKind::Numerics, rows), ViewKind::RowThreads);
  EXPECT_EQ(view_for_key(5, ViewKind::Numerics, rows), ViewKind::Memory);
  EXPECT_EQ(view_for_key(9, ViewKind::Numerics, rows), ViewKind::Online);
  EXPECT_EQ(view_for_key(9, ViewKind::Online, rows), ViewKind::Welford);
  EXPECT_EQ(view_for_key(9, ViewKind::Welford, rows), ViewKind::Online);
  // Every digit of rows names a different view but 9; no two of its views share 0 or 1.
  for (int key = 0; key <= 8; ++key) {
    const std::optional<ViewKind> v = view_for_key(key, ViewKind::Dataflow, rows);
    ASSERT_TRUE(v) << key;
    EXPECT_EQ(view_for_key(key, *v, rows), v) << key;  // pressed again: the same view
  }
  // 0 also fits the tree to the window: no family with a tree has a view on it.
  for (const char* family : {"reduce", "scan", "histogram", "allreduce", "rows"})
    if (view_for_key(0, ViewKind::Dataflow, showcase_of(family))) {
      EXPECT_FALSE(view_applies(ViewKind::Tree, showcase_of(family))) << family;
    }
  // Families without a view on a key: nothing (0 stays the tree's fit for reductions).
  EXPECT_EQ(view_for_key(0, ViewKind::Tree, showcase_of("reduce")), std::nullopt);
  EXPECT_EQ(view_for_key(9, ViewKind::Tree, showcase_of("reduce")), std::nullopt);
  EXPECT_EQ(view_for_key(9, ViewKind::Dataflow, showcase_of("scan")), ViewKind::Lookback);
  EXPECT_EQ(view_for_key(9, ViewKind::Lookback, showcase_of("scan")), ViewKind::Lookback);
}

// A family opens with its own view where it has one, else the dataflow, which draws anything.
TEST(ViewTable, EachFamilyHasADefaultViewThatAppliesToIt) {
  EXPECT_EQ(default_view(showcase_of("reduce")), ViewKind::Tree);
  EXPECT_EQ(default_view(showcase_of("histogram")), ViewKind::Histogram);
  EXPECT_EQ(default_view(showcase_of("scan")), ViewKind::Dataflow);
  EXPECT_EQ(default_view(showcase_of("rows")), ViewKind::Numerics);
  for (const char* family : {"reduce", "scan", "histogram", "rows", "copy_twice"})
    EXPECT_TRUE(view_applies(default_view(showcase_of(family)), showcase_of(family))) << family;
}

}  // namespace
}  // namespace wl
