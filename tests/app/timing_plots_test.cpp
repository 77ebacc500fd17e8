#include "ui/timing_plots.h"

#include <gtest/gtest.h>

#include <cmath>

#include <algorithm>

#include "kernels/family/family.h"
#include "ui/ladder_presets.h"

namespace wl::ui {
namespace {

// Every family's ladders, in the order of the family list.
std::vector<const LadderPreset*> ladder_presets() {
  std::vector<const LadderPreset*> all;
  for (const Family* family : families())
    for (const LadderPreset& p : family->showcase().ladders) all.push_back(&p);
  return all;
}

TimingPoint measured(std::uint64_t n, double ms, double bytes_per_element = 4) {
  return {n, ms, bytes_per_element * double(n), true, ""};
}
TimingPoint failed(std::uint64_t n, const std::string& error) { return {n, 0, 4.0 * double(n), true, error}; }

// One variant and both references at 2^10; at 2^11 nothing fits.
TimingSweep small_sweep() {
  TimingSweep sweep;
  sweep.series.push_back({"sequential", SeriesKind::Variant, {measured(1024, 0.01), failed(2048, "does not fit in free GPU memory")}});
  sweep.series.push_back({kCubSeries, SeriesKind::Reference, {measured(1024, 0.005), failed(2048, "does not fit in free GPU memory")}});
  sweep.series.push_back({kCopySeries, SeriesKind::Reference, {measured(1024, 0.004, 8), failed(2048, "does not fit in free GPU memory")}});
  return sweep;
}

TEST(TimingPlots, APointWithAnErrorIsSkippedAndItsMessageShownOnce) {
  const PlotData plot = build_timing_plot(small_sweep(), TimingMetric::Milliseconds);
  ASSERT_EQ(plot.series.size(), 3u);
  ASSERT_EQ(plot.series[0].points.size(), 1u);  // 2^11 left out
  EXPECT_EQ(plot.series[0].points[0].x, 1024);
  EXPECT_DOUBLE_EQ(plot.series[0].points[0].y, 0.01);
  // Every series failed the same way at 2^11: one line, naming no series.
  EXPECT_EQ(plot.notes, std::vector<std::string>{"2^11: does not fit in free GPU memory"});
}

TEST(TimingPlots, AnErrorOfSomeSeriesNamesThem) {
  TimingSweep sweep = small_sweep();
  sweep.series[1].points[1] = measured(2048, 0.008);  // CUB fitted after all
  sweep.series[2].points[1] = measured(2048, 0.006, 8);
  const PlotData plot = build_timing_plot(sweep, TimingMetric::Milliseconds);
  EXPECT_EQ(plot.notes, std::vector<std::string>{"2^11, sequential: does not fit in free GPU memory"});
  EXPECT_EQ(plot.series[1].points.size(), 2u);
}

// A variant that refuses the block size fails at every size: one line for all of them (its
// errors name their size, as sweep_gpu writes them), and never so many lines that the notes
// squeeze the plot away (the live sweep at block 32 once drew no plot at all).
TEST(TimingPlots, ErrorsAtEverySizeAreOneLineAndTheLinesAreFew) {
  TimingSweep sweep;
  const std::uint64_t sizes[] = {1024, 2048, 4096, 8192};
  const char* refusing[] = {"unroll-last-warp", "complete-unroll", "multi-element", "a", "b", "c"};
  sweep.series.push_back({"sequential", SeriesKind::Variant, {}});
  for (std::uint64_t n : sizes) sweep.series[0].points.push_back(measured(n, 0.01));
  for (const char* name : refusing) {
    sweep.series.push_back({name, SeriesKind::Variant, {}});
    for (std::uint64_t n : sizes)
      sweep.series.back().points.push_back(failed(n, size_label(n) + ": " + name + " needs a block of at least 64 threads"));
  }
  sweep.series[1].points[2] = measured(4096, 0.02);  // unroll-last-warp ran at 2^12
  const PlotData plot = build_timing_plot(sweep, TimingMetric::Milliseconds);
  ASSERT_EQ(plot.notes.size(), 4u);
  EXPECT_EQ(plot.notes[0], "2^10..2^13, a: a needs a block of at least 64 threads");
  EXPECT_EQ(plot.notes[3], "and 3 more notes: every point's error is in the CSV export");
  TimingSweep first_two = sweep;
  first_two.series.resize(2);
  const PlotData two = build_timing_plot(first_two, TimingMetric::Milliseconds);
  EXPECT_EQ(two.notes, std::vector<std::string>{
                           "2^10..2^11, 2^13, unroll-last-warp: unroll-last-warp needs a block of at least 64 threads"});
}

TEST(TimingPlots, ReferencesAreDashedVariantsSolid) {
  const PlotData plot = build_timing_plot(small_sweep(), TimingMetric::GigabytesPerSecond);
  EXPECT_FALSE(plot.series[0].dashed);
  EXPECT_TRUE(plot.series[1].dashed);  // CUB
  EXPECT_TRUE(plot.series[2].dashed);  // the device copy
  EXPECT_NE(plot.series[0].color, plot.series[1].color);
  // 4096 bytes in 0.01 ms = 0.4096 GB/s.
  EXPECT_DOUBLE_EQ(plot.series[0].points[0].y, 0.4096);
  EXPECT_EQ(plot.y.scale, AxisScale::Log10);
  EXPECT_EQ(plot.x.scale, AxisScale::Log2);
}

TEST(TimingPlots, PercentOfCopyIsOfTheCopysBandwidthAtTheSameSize) {
  const PlotData plot = build_timing_plot(small_sweep(), TimingMetric::PercentOfCopy);
  // sequential 0.4096 GB/s; copy 8192 bytes / 0.004 ms = 2.048 GB/s: 20%.
  ASSERT_EQ(plot.series[0].points.size(), 1u);
  EXPECT_NEAR(plot.series[0].points[0].y, 20.0, 1e-9);
  EXPECT_NEAR(plot.series[2].points[0].y, 100.0, 1e-9);  // the copy is its own 100%
  EXPECT_EQ(plot.y.scale, AxisScale::Linear);
  EXPECT_EQ(plot.y.min, 0);
}

// An all-reduce's shares are of the link (its peer copy: 4096 bytes in 0.002 ms, 2.048 GB/s);
// sequential's 0.4096 GB/s is 20% of it, and one GPU's own copy is left out of that plot.
TEST(TimingPlots, SharesOfTheFamilysRooflineLeaveTheDeviceCopyOut) {
  TimingSweep sweep = small_sweep();
  sweep.series.push_back({"peer copy", SeriesKind::Reference, {measured(1024, 0.002)}});
  sweep.roofline = "peer copy";
  const PlotData share = build_timing_plot(sweep, TimingMetric::PercentOfCopy);
  ASSERT_EQ(share.series.size(), 3u);
  for (const PlotSeries& s : share.series) EXPECT_NE(s.name, kCopySeries);
  EXPECT_NEAR(share.series[0].points[0].y, 20.0, 1e-9);
  EXPECT_EQ(share.series[2].name, "peer copy");
  EXPECT_NEAR(share.series[2].points[0].y, 100.0, 1e-9);
  EXPECT_EQ(share.title, "Share of the peer copy's bandwidth");
  EXPECT_EQ(build_timing_plot(sweep, TimingMetric::Milliseconds).series.size(), 4u);  // the time plot keeps it
}

TEST(TimingPlots, AWrongResultIsDrawnAndNoted) {
  TimingSweep sweep = small_sweep();
  sweep.series[0].points[0].ok = false;
  const PlotData plot = build_timing_plot(sweep, TimingMetric::Milliseconds);
  EXPECT_EQ(plot.series[0].points.size(), 1u);
  EXPECT_NE(std::find(plot.notes.begin(), plot.notes.end(), "2^10, sequential: wrong result (drawn, not to be trusted)"),
            plot.notes.end());
}

TEST(TimingPlots, LadderBarsCarryStepAndTotalSpeedups) {
  const std::uint64_t n = 1 << 20;
  TimingSweep sweep;
  sweep.series.push_back({"slow", SeriesKind::Variant, {measured(n, 0.016)}});
  sweep.series.push_back({"better", SeriesKind::Variant, {measured(n, 0.004)}});
  sweep.series.push_back({"best", SeriesKind::Variant, {measured(n, 0.002)}});
  sweep.series.push_back({kCopySeries, SeriesKind::Reference, {measured(n, 0.004, 8)}});
  const LadderPreset preset{"test", "", {"slow", "better", "absent", "best"}, 0, ""};
  const BarData bars = build_ladder_bars(sweep, preset, n);
  ASSERT_EQ(bars.bars.size(), 3u);
  EXPECT_EQ(bars.bars[0].label, "slow");
  EXPECT_EQ(bars.bars[0].detail, "baseline");
  // 0.016 / 0.004 = 4; then 0.004 / 0.002 = 2 step, 0.016 / 0.002 = 8 in all.
  EXPECT_EQ(bars.bars[1].detail, "4.00x step, 4.00x total");
  EXPECT_EQ(bars.bars[2].detail, "2.00x step, 8.00x total");
  // 4 MiB in 0.002 ms = 2097.152 GB/s.
  EXPECT_DOUBLE_EQ(bars.bars[2].value, 4194304 / 0.002 / 1e6);
  EXPECT_EQ(bars.bars[2].value_label, "2097 GB/s, 0.002 ms");
  EXPECT_EQ(bars.notes, std::vector<std::string>{"absent: not in this sweep"});
  EXPECT_DOUBLE_EQ(bars.reference, 8388608 / 0.004 / 1e6);  // the copy moves 8 bytes per element
  EXPECT_EQ(bars.title, "test ladder at n = 2^20");
}

TEST(TimingPlots, TheLadderDefaultsToTheLargestSizeItsVariantsWereMeasuredAt) {
  TimingSweep sweep = small_sweep();
  const LadderPreset preset{"test", "", {"sequential"}, 0, ""};
  EXPECT_EQ(largest_ladder_size(sweep, preset), 1024u);  // 2^11 did not fit
  const BarData bars = build_ladder_bars(sweep, preset, 2048);
  EXPECT_TRUE(bars.bars.empty());
  EXPECT_EQ(bars.notes, std::vector<std::string>{"sequential: does not fit in free GPU memory"});
}

TEST(TimingPlots, APresetWithASizeOfItsOwnOpensThereWhenItWasMeasured) {
  TimingSweep sweep = small_sweep();
  const LadderPreset at_1024{"told at 2^10", "", {"sequential"}, 1024, ""};
  const LadderPreset at_4096{"told at 2^12", "", {"sequential"}, 4096, ""};
  EXPECT_EQ(default_ladder_size(sweep, at_1024), 1024u);
  EXPECT_EQ(default_ladder_size(sweep, at_4096), 1024u);  // never measured there: the largest
  sweep.series[0].points.push_back(measured(4096, 0.02));
  EXPECT_EQ(default_ladder_size(sweep, at_4096), 4096u);
  EXPECT_EQ(ladder_presets()[1]->n, std::uint64_t(1) << 24);  // three kernels: 16M elements
}

// Rows at 1024, 2048 and 4096 columns, at two sizes: 2^20 (the copy 4 us, 2097.152 GB/s for its
// 8 MiB) and 2^21. Each series reads and writes 8 bytes an element. register-resident refuses
// 4096 columns at both sizes.
TimingSweep cols_sweep() {
  TimingSweep sweep;
  sweep.family = "rows";
  sweep.swept_param = "cols";
  auto at = [](std::uint64_t n, std::uint64_t cols, double ms, std::string error = "") {
    TimingPoint p{n, error.empty() ? ms : 0, 8.0 * double(n), true, std::move(error)};
    p.param = cols;
    return p;
  };
  for (const std::uint64_t n : {std::uint64_t(1) << 20, std::uint64_t(1) << 21}) {
    const double k = double(n >> 20);  // 2^21 takes twice as long
    auto add = [&](const std::string& name, SeriesKind kind, std::vector<TimingPoint> points) {
      TimingSeries* s = nullptr;
      for (TimingSeries& existing : sweep.series)
        if (existing.name == name) s = &existing;
      if (!s) sweep.series.push_back({name, kind, {}}), s = &sweep.series.back();
      s->points.insert(s->points.end(), points.begin(), points.end());
    };
    add(kCopySeries, SeriesKind::Reference, {at(n, 1024, 0.004 * k), at(n, 2048, 0.004 * k), at(n, 4096, 0.004 * k)});
    add("block-per-row", SeriesKind::Variant, {at(n, 1024, 0.008 * k), at(n, 2048, 0.008 * k), at(n, 4096, 0.016 * k)});
    add("register-resident", SeriesKind::Variant,
        {at(n, 1024, 0.005 * k), at(n, 2048, 0.005 * k),
         at(n, 4096, 0, "cols=4096 at " + size_label(n) + ": register-resident holds at most 2816 columns")});
  }
  return sweep;
}

TEST(TimingPlots, AParameterSweepIsDrawnAgainstItAtOneSize) {
  const TimingSweep sweep = cols_sweep();
  const PlotData plot = build_timing_plot(sweep, TimingMetric::PercentOfCopy, 1 << 20);
  EXPECT_EQ(plot.x.title, "cols");
  EXPECT_EQ(plot.x_name, "cols");
  EXPECT_EQ(plot.x.scale, AxisScale::Log2);
  EXPECT_EQ(plot.title, "Share of the device copy's bandwidth at n = 2^20");
  ASSERT_EQ(plot.series.size(), 3u);
  const PlotSeries& block = plot.series[1];
  ASSERT_EQ(block.points.size(), 3u);  // 2^21's points are another line, not drawn here
  // 8 MiB in 8 us is 1048.576 GB/s, 50% of the copy; in 16 us at 4096 columns, 25%.
  EXPECT_EQ(block.points[0].x, 1024);
  EXPECT_NEAR(block.points[0].y, 50.0, 1e-9);
  EXPECT_EQ(block.points[2].x, 4096);
  EXPECT_NEAR(block.points[2].y, 25.0, 1e-9);
  EXPECT_EQ(plot.series[2].points.size(), 2u);  // register-resident: 4096 refused
  EXPECT_EQ(plot.notes, std::vector<std::string>{"cols 4096, register-resident: register-resident holds at most 2816 columns"});
  std::vector<std::string> labels;
  for (const PlotTick& t : plot.x.ticks) labels.push_back(t.label);
  EXPECT_EQ(labels, (std::vector<std::string>{"1024", "2048", "4096"}));  // the values as typed
}

TEST(TimingPlots, AParameterSweepOpensAtItsLargestSize) {
  const TimingSweep sweep = cols_sweep();
  EXPECT_EQ(plotted_size(sweep, 0), std::uint64_t(1) << 21);
  EXPECT_EQ(plotted_size(sweep, 12345), std::uint64_t(1) << 21);  // not in the sweep
  EXPECT_EQ(plotted_size(sweep, 1 << 20), std::uint64_t(1) << 20);
  const PlotData plot = build_timing_plot(sweep, TimingMetric::Milliseconds);
  EXPECT_EQ(plot.title, "Time at n = 2^21");
  EXPECT_DOUBLE_EQ(plot.series[1].points[0].y, 0.016);  // block-per-row at 1024 columns, 2^21
}

TEST(TimingPlots, AParameterWithZeroAmongItsValuesIsALinearAxis) {
  TimingSweep sweep;
  sweep.swept_param = "offset";
  TimingPoint zero = measured(1024, 0.01), big = measured(1024, 0.02);
  big.param = 10000;
  sweep.series.push_back({"two-pass", SeriesKind::Variant, {zero, big}});
  const PlotData plot = build_timing_plot(sweep, TimingMetric::Milliseconds);
  EXPECT_EQ(plot.x.scale, AxisScale::Linear);
  ASSERT_EQ(plot.series[0].points.size(), 2u);
  EXPECT_EQ(plot.series[0].points[0].x, 0);
  EXPECT_EQ(plot.series[0].points[1].x, 10000);
}

TEST(TimingPlots, TheLadderOfAParameterSweepIsAtOneValue) {
  const TimingSweep sweep = cols_sweep();
  const LadderPreset preset{"rows", "", {"block-per-row", "register-resident"}, 0, "rows"};
  // Both measured at 1024 and 2048 columns, one at 4096: the smallest of the first two.
  EXPECT_EQ(default_ladder_param(sweep, preset, 1 << 20), 1024u);
  const BarData bars = build_ladder_bars(sweep, preset, 1 << 20, 2048);
  EXPECT_EQ(bars.title, "rows ladder at cols = 2048, n = 2^20");
  ASSERT_EQ(bars.bars.size(), 2u);
  EXPECT_EQ(bars.bars[1].detail, "1.60x step, 1.60x total");  // 8 us -> 5 us
  EXPECT_DOUBLE_EQ(bars.reference, 8388608 / 0.004 / 1e6);    // the copy at that point
  const BarData refused = build_ladder_bars(sweep, preset, 1 << 20, 4096);
  ASSERT_EQ(refused.bars.size(), 1u);
  EXPECT_EQ(refused.notes,
            std::vector<std::string>{"register-resident: register-resident holds at most 2816 columns"});
}

TEST(LadderPresets, TheClassicLadderFollowsTheDeckThenGoesFurther) {
  const auto presets = ladder_presets_for("reduce");
  ASSERT_EQ(presets.size(), 2u);
  EXPECT_EQ(presets[0]->name, "classic");
  EXPECT_EQ(presets[0]->order,
            (std::vector<std::string>{"interleaved-divergent", "interleaved-strided", "sequential", "first-add-on-load",
                                      "unroll-last-warp", "complete-unroll", "multi-element", "warp-shuffle",
                                      "speed-of-light"}));
  EXPECT_EQ(presets[1]->name, "three kernels");
  EXPECT_EQ(presets[1]->order, (std::vector<std::string>{"atomic-global", "sequential", "warp-shuffle"}));
}

TEST(LadderPresets, EveryStepIsATimedVariantOfThePresetsFamily) {
  for (const LadderPreset* p : ladder_presets()) {
    const LadderPreset& preset = *p;
    const Family* family = find_family(preset.family);
    ASSERT_NE(family, nullptr) << preset.name;
    EXPECT_GE(preset.order.size(), 2u) << preset.name;
    for (const std::string& id : preset.order) {
      const VariantSummary* v = family->find_variant(id);
      ASSERT_NE(v, nullptr) << preset.name << ": " << id << " is not a " << preset.family << " variant";
      EXPECT_FALSE(v->pitfall) << preset.name << ": " << id << " is a pitfall, which a sweep does not time";
    }
  }
}

TEST(LadderPresets, EachFamilyHasItsOwnAndOnlyReduceSitsBesideThe2007Table) {
  for (const char* family : {"reduce", "scan", "histogram"}) {
    const auto presets = ladder_presets_for(family);
    EXPECT_EQ(presets.size(), 2u) << family;
    for (const LadderPreset* p : presets) {
      EXPECT_EQ(p->family, family);
      EXPECT_EQ(p->beside_historic_table, std::string(family) == "reduce") << p->name;
    }
  }
  EXPECT_EQ(ladder_presets_for("scan")[0]->order.front(), "hillis-steele");
  EXPECT_EQ(ladder_presets_for("scan")[0]->order.back(), "decoupled-lookback");
  EXPECT_TRUE(ladder_presets_for("no such family").empty());
}

TEST(LadderPresets, TheHarrisTableIsConsistentWithItself) {
  const auto& rows = showcase_of("reduce").historic.rows;
  ASSERT_EQ(rows.size(), 7u);
  const double bytes = 4.0 * (1 << 22);  // 2^22 ints
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].kernel, int(i) + 1);
    EXPECT_NEAR(bytes / rows[i].ms / 1e6, rows[i].gbs, rows[i].gbs * 0.002) << rows[i].what;
    if (i == 0) continue;
    EXPECT_NEAR(rows[i - 1].ms / rows[i].ms, rows[i].step_speedup, rows[i].step_speedup * 0.01) << rows[i].what;
    EXPECT_NEAR(rows[0].ms / rows[i].ms, rows[i].cumulative_speedup, rows[i].cumulative_speedup * 0.01) << rows[i].what;
  }
  // The table's kernels 1-7 are the classic ladder's first seven steps.
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(rows[i].variant, ladder_presets()[0]->order[i]);
}

// Issue 47: fourteen series once shared eight colors, told apart by marker alone. Every series
// of a plot has its own color: a reduce sweep's 17 variants, CUB and the copy; an all-reduce's
// copy, peer copy (its roofline) and NCCL.
TEST(TimingPlots, NoTwoSeriesOfAPlotShareAColor) {
  TimingSweep reduce;
  reduce.series.push_back({kCopySeries, SeriesKind::Reference, {measured(1024, 0.004, 8)}});
  reduce.series.push_back({kCubSeries, SeriesKind::Reference, {measured(1024, 0.005)}});
  for (int v = 0; v < 17; ++v)
    reduce.series.push_back({"variant-" + std::to_string(v), SeriesKind::Variant, {measured(1024, 0.01 + v * 0.001)}});
  TimingSweep allreduce;
  allreduce.roofline = "peer copy";
  allreduce.series.push_back({kCopySeries, SeriesKind::Reference, {measured(1024, 0.004, 8)}});
  allreduce.series.push_back({"peer copy", SeriesKind::Reference, {measured(1024, 0.006, 8)}});
  allreduce.series.push_back({"NCCL", SeriesKind::Reference, {measured(1024, 0.007)}});
  for (const char* v : {"one-shot", "two-shot", "two-shot-vector", "ring"})
    allreduce.series.push_back({v, SeriesKind::Variant, {measured(1024, 0.01)}});
  for (const TimingSweep* sweep : {&reduce, &allreduce})
    for (TimingMetric metric : {TimingMetric::Milliseconds, TimingMetric::GigabytesPerSecond}) {
      const PlotData plot = build_timing_plot(*sweep, metric);
      ASSERT_EQ(plot.series.size(), sweep->series.size());
      for (std::size_t a = 0; a < plot.series.size(); ++a)
        for (std::size_t b = a + 1; b < plot.series.size(); ++b)
          EXPECT_NE(plot.series[a].color, plot.series[b].color) << plot.series[a].name << " and " << plot.series[b].name;
    }
}

// On the light theme every variant has its own color too, and no two are alike: darkening the
// dark set's pale colors made four similar olives. sRGB distance 35 at least (the closest pair,
// blue and teal, is 35; the olives were under 20).
TEST(TimingPlots, OnTheLightThemeNoTwoVariantsAreAlike) {
  TimingSweep reduce;
  for (int v = 0; v < 18; ++v)
    reduce.series.push_back({"variant-" + std::to_string(v), SeriesKind::Variant, {measured(1024, 0.01 + v * 0.001)}});
  const PlotData plot = build_timing_plot(reduce, TimingMetric::Milliseconds);
  auto channel = [](PlotColor c, int shift) { return double((c >> shift) & 0xFF); };
  for (std::size_t a = 0; a < plot.series.size(); ++a)
    for (std::size_t b = a + 1; b < plot.series.size(); ++b) {
      const PlotColor x = plot.series[a].color_on_light, y = plot.series[b].color_on_light;
      ASSERT_NE(x, 0u);
      const double d = std::hypot(channel(x, 0) - channel(y, 0), channel(x, 8) - channel(y, 8), channel(x, 16) - channel(y, 16));
      EXPECT_GE(d, 35.0) << plot.series[a].name << " and " << plot.series[b].name;
    }
}

}  // namespace
}  // namespace wl::ui
