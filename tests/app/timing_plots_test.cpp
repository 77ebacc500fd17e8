#include "ui/timing_plots.h"

#include <gtest/gtest.h>

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
  EXPECT_EQ(plot.notes, std::vector<std::string>{"2^11: does not fit in free GPU memory (sequential)"});
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
  EXPECT_EQ(plot.notes[0], "2^10..2^13: a needs a block of at least 64 threads (a)");
  EXPECT_EQ(plot.notes[3], "and 3 more notes: every point's error is in the CSV export");
  TimingSweep first_two = sweep;
  first_two.series.resize(2);
  const PlotData two = build_timing_plot(first_two, TimingMetric::Milliseconds);
  EXPECT_EQ(two.notes, std::vector<std::string>{
                           "2^10..2^11, 2^13: unroll-last-warp needs a block of at least 64 threads (unroll-last-warp)"});
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

}  // namespace
}  // namespace wl::ui
