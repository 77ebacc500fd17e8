#include "ui/count_text.h"

#include <gtest/gtest.h>

// "grid of 1 blocks" was what the controls panel said for a one-block grid (issue 47).
TEST(CountText, OneIsSingular) {
  EXPECT_EQ(wl::ui::count_text(1, "block"), "1 block");
  EXPECT_EQ(wl::ui::count_text(0, "block"), "0 blocks");
  EXPECT_EQ(wl::ui::count_text(4096, "block"), "4096 blocks");
}
