#include "ui/plot_data.h"

#include <gtest/gtest.h>

namespace wl::ui {
namespace {

TEST(PlotData, Log2TicksCoverTwoToTheTenToTwoToTheTwentyEight) {
  const std::vector<PlotTick> ticks = log2_ticks(1024, double(1 << 28));
  ASSERT_EQ(ticks.size(), 19u);  // 2^10, 2^11, ..., 2^28
  for (std::size_t i = 0; i < ticks.size(); ++i) {
    EXPECT_EQ(ticks[i].value, double(1u << (10 + i)));
    EXPECT_EQ(ticks[i].label, "2^" + std::to_string(10 + i));
  }
}

TEST(PlotData, Log2TicksRoundOutwardsToWholePowers) {
  const std::vector<PlotTick> ticks = log2_ticks(1500, 3000);  // between 2^10 and 2^12
  ASSERT_EQ(ticks.size(), 3u);
  EXPECT_EQ(ticks.front().value, 1024);
  EXPECT_EQ(ticks.back().value, 4096);
}

TEST(PlotData, Log10TicksAreLabelledAsTeachersWriteThem) {
  const std::vector<PlotTick> ticks = log10_ticks(0.0042, 3500);
  std::vector<std::string> labels;
  for (const PlotTick& t : ticks) labels.push_back(t.label);
  EXPECT_EQ(labels, (std::vector<std::string>{"0.001", "0.01", "0.1", "1", "10", "100", "1k", "10k"}));
  EXPECT_DOUBLE_EQ(ticks[2].value, 0.1);
  EXPECT_DOUBLE_EQ(ticks.back().value, 10000);
}

TEST(PlotData, LinearTicksStepByOneTwoOrFive) {
  // 0..108 in about 5 steps: 21.6 rounds up to 50 (10 and 20 are too small).
  const std::vector<PlotTick> ticks = linear_ticks(0, 108, 5);
  ASSERT_EQ(ticks.size(), 3u);
  EXPECT_EQ(ticks[1].value, 50);
  EXPECT_EQ(ticks[2].label, "100");
}

TEST(PlotData, FitAxesUsesWholePowersOnLogAxesAndZeroOnALinearOne) {
  PlotData plot;
  plot.x.scale = AxisScale::Log2;
  plot.y.scale = AxisScale::Log10;
  plot.series.push_back({"a", 0, Marker::Circle, false, {{1024, 0.004}, {1 << 20, 0.35}}});
  fit_axes(plot);
  EXPECT_EQ(plot.x.min, 1024);
  EXPECT_EQ(plot.x.max, double(1 << 20));
  EXPECT_DOUBLE_EQ(plot.y.min, 0.001);
  EXPECT_DOUBLE_EQ(plot.y.max, 1);
  plot.y.scale = AxisScale::Linear;
  fit_axes(plot);
  EXPECT_EQ(plot.y.min, 0);
  EXPECT_GE(plot.y.max, 0.35);
}

TEST(PlotData, SizesArePowersOrGroupedDigits) {
  EXPECT_EQ(size_label(1u << 20), "2^20");
  EXPECT_EQ(size_label(1), "2^0");
  EXPECT_EQ(size_label(1000000), "1,000,000");
  EXPECT_EQ(thousands(1048576), "1,048,576");
  EXPECT_EQ(thousands(999), "999");
}

}  // namespace
}  // namespace wl::ui
