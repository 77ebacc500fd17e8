#include "model/views/view_table.h"

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
  EXPECT_TRUE(view_applies(ViewKind::Tree, "reduce"));
  EXPECT_FALSE(view_applies(ViewKind::Tree, "histogram"));
  EXPECT_FALSE(view_applies(ViewKind::Tree, "red"));  // a whole id, not a prefix
  for (ViewKind v : {ViewKind::Divergence, ViewKind::Banks, ViewKind::Memory, ViewKind::Source, ViewKind::Metrics})
    EXPECT_TRUE(view_applies(v, "histogram")) << view_name(v);
}

}  // namespace
}  // namespace wl
