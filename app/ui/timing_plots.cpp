#include "ui/timing_plots.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <utility>

#include "ui/palette.h"

namespace wl::ui {
namespace {

// Variants take the palette's six hues (vermillion stays for problems), then the next marker
// shape, so twelve variants still read apart.
constexpr PlotColor kVariantColors[] = {okabe_ito::kOrange, okabe_ito::kSkyBlue, okabe_ito::kBluishGreen,
                                        okabe_ito::kYellow, okabe_ito::kReddishPurple, okabe_ito::kBlue};
constexpr int kVariantColorCount = int(sizeof kVariantColors / sizeof kVariantColors[0]);
constexpr PlotColor kCopyColor = IM_COL32(235, 235, 235, 255);
constexpr PlotColor kCubColor = IM_COL32(150, 156, 170, 255);

std::optional<double> metric_value(const TimingSweep& sweep, const TimingSeries& series, const TimingPoint& point,
                                   TimingMetric metric) {
  switch (metric) {
    case TimingMetric::Milliseconds: return point.ms;
    case TimingMetric::GigabytesPerSecond: return point.gbs();
    case TimingMetric::PercentOfCopy: return percent_of_copy(sweep, series, point.n);
  }
  return std::nullopt;
}

void describe(PlotData& plot, const TimingSweep& sweep, TimingMetric metric) {
  plot.x.title = "n (elements)";
  plot.x.scale = AxisScale::Log2;
  switch (metric) {
    case TimingMetric::Milliseconds:
      plot.title = "Time";
      plot.y.title = "ms (log)";
      plot.unit = "ms";
      plot.y.scale = AxisScale::Log10;
      break;
    case TimingMetric::GigabytesPerSecond:
      plot.title = "Bandwidth";
      plot.y.title = "GB/s (log)";
      plot.unit = "GB/s";
      plot.y.scale = AxisScale::Log10;
      break;
    case TimingMetric::PercentOfCopy:
      plot.title = sweep.roofline == kCopySeries ? "Share of the device copy's bandwidth"
                                                 : "Share of the " + sweep.roofline + "'s bandwidth";
      plot.y.title = "% of " + sweep.roofline;
      plot.unit = "%";
      plot.y.scale = AxisScale::Linear;
      break;
  }
}

struct SeriesStyle {
  PlotColor color;
  Marker marker;
};

// A series' color and marker from its place among the sweep's series, so a variant looks the
// same in every plot and in the ladder.
SeriesStyle series_style(const TimingSweep& sweep, const std::string& name) {
  if (name == kCopySeries) return {kCopyColor, Marker::Square};
  if (name == sweep.roofline) return {kCopyColor, Marker::Triangle};  // the family's own (the link's)
  for (const TimingSeries& s : sweep.series)  // the family's library (CUB, NCCL)
    if (s.name == name && s.kind == SeriesKind::Reference) return {kCubColor, Marker::Diamond};
  int variant_index = 0;
  for (const TimingSeries& s : sweep.series) {
    if (s.name == name) break;
    if (s.kind == SeriesKind::Variant) ++variant_index;
  }
  return {kVariantColors[variant_index % kVariantColorCount], Marker((variant_index / kVariantColorCount) % 4)};
}

std::string speedup_text(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2fx", x);
  return text;
}

// The sweep names the size in each point's error ("2^20: why"); a note names its sizes itself.
std::string without_size(const std::string& error, std::uint64_t n) {
  const std::string prefix = size_label(n) + ": ";
  return error.rfind(prefix, 0) == 0 ? error.substr(prefix.size()) : error;
}

// "2^10..2^16, 2^20": runs of sizes that follow each other in the sweep.
std::string sizes_text(const std::vector<std::uint64_t>& all, const std::vector<std::uint64_t>& chosen) {
  std::string text;
  for (std::size_t i = 0; i < all.size();) {
    if (!std::binary_search(chosen.begin(), chosen.end(), all[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j + 1 < all.size() && std::binary_search(chosen.begin(), chosen.end(), all[j + 1])) ++j;
    text += (text.empty() ? "" : ", ") + size_label(all[i]) + (j > i ? ".." + size_label(all[j]) : "");
    i = j + 1;
  }
  return text;
}

constexpr std::size_t kMostNotes = 4;  // more would squeeze the plot away: the rest are counted

}  // namespace

PlotData build_timing_plot(const TimingSweep& sweep, TimingMetric metric) {
  PlotData plot;
  describe(plot, sweep, metric);
  // Errors per (n, message): which series, so one line can say it for all of them.
  std::map<std::pair<std::uint64_t, std::string>, std::vector<std::string>> errors;
  std::map<std::uint64_t, std::size_t> series_at;  // how many series have a point at n
  for (const TimingSeries& s : sweep.series) {
    // Shares are of the family's own roofline (the link's); one GPU's copy, many times faster,
    // would only flatten them.
    if (metric == TimingMetric::PercentOfCopy && s.name == kCopySeries && sweep.roofline != kCopySeries) continue;
    PlotSeries out;
    out.name = s.name;
    out.dashed = s.kind == SeriesKind::Reference;
    const SeriesStyle style = series_style(sweep, s.name);
    out.color = style.color;
    out.marker = style.marker;
    for (const TimingPoint& p : s.points) {
      ++series_at[p.n];
      if (!p.error.empty()) {
        errors[{p.n, without_size(p.error, p.n)}].push_back(s.name);
        continue;
      }
      const std::optional<double> value = metric_value(sweep, s, p, metric);
      if (!value || !(*value > 0)) continue;  // not measured, or no copy to compare with
      if (!p.ok) plot.notes.push_back(size_label(p.n) + ", " + s.name + ": wrong result (drawn, not to be trusted)");
      out.points.push_back({double(p.n), *value});
    }
    plot.series.push_back(std::move(out));
  }
  // Then the sizes where the same series failed for the same reason, as one line.
  std::map<std::pair<std::string, std::string>, std::vector<std::uint64_t>> lines;  // (why, which) -> sizes
  for (const auto& [key, names] : errors) {
    std::string which;
    if (names.size() < series_at[key.first])
      for (std::size_t i = 0; i < names.size(); ++i) which += (i ? ", " : "") + names[i];
    lines[{key.second, which}].push_back(key.first);
  }
  const std::vector<std::uint64_t> all = sweep.sizes();
  for (auto& [key, sizes] : lines) {
    std::sort(sizes.begin(), sizes.end());
    plot.notes.push_back(sizes_text(all, sizes) + ": " + key.first + (key.second.empty() ? "" : " (" + key.second + ")"));
  }
  if (plot.notes.size() > kMostNotes) {
    const std::size_t more = plot.notes.size() - (kMostNotes - 1);
    plot.notes.resize(kMostNotes - 1);
    plot.notes.push_back("and " + std::to_string(more) + " more notes: every point's error is in the CSV export");
  }
  fit_axes(plot);
  return plot;
}

BarData build_ladder_bars(const TimingSweep& sweep, const LadderPreset& preset, std::uint64_t n) {
  BarData bars;
  bars.title = preset.name + " ladder at n = " + size_label(n);
  bars.y_title = "GB/s";
  const std::vector<LadderStep> steps = ladder(sweep, preset.order, n);
  for (const std::string& name : preset.order) {
    const LadderStep* step = nullptr;
    for (const LadderStep& s : steps)
      if (s.name == name) step = &s;
    const TimingSeries* series = sweep.find(name);
    const TimingPoint* point = series ? series->at(n) : nullptr;
    if (!step || !point) {
      const std::string why = !series ? "not in this sweep"
                              : !point ? "not measured at " + size_label(n)
                                       : (point->error.empty() ? "not measured" : point->error);
      bars.notes.push_back(name + ": " + why);
      continue;
    }
    Bar bar;
    bar.label = name;
    bar.value = point->gbs();
    char text[64];
    std::snprintf(text, sizeof text, point->gbs() >= 100 ? "%.0f GB/s, %.3g ms" : "%.3g GB/s, %.3g ms", point->gbs(),
                  step->ms);
    bar.value_label = text;
    bar.detail = bars.bars.empty() ? "baseline"
                                   : speedup_text(step->step_speedup) + " step, " +
                                         speedup_text(step->cumulative_speedup) + " total";
    bar.color = series_style(sweep, name).color;
    bars.bars.push_back(std::move(bar));
  }
  if (const TimingSeries* copy = sweep.find(sweep.roofline))
    if (const TimingPoint* p = copy->at(n); p && p->measured()) {
      bars.reference = p->gbs();
      bars.reference_label = sweep.roofline;
    }
  return bars;
}

std::uint64_t largest_ladder_size(const TimingSweep& sweep, const LadderPreset& preset) {
  std::uint64_t largest = 0;
  for (const std::string& name : preset.order)
    if (const TimingSeries* s = sweep.find(name))
      for (const TimingPoint& p : s->points)
        if (p.measured() && p.n > largest) largest = p.n;
  return largest;
}

std::uint64_t default_ladder_size(const TimingSweep& sweep, const LadderPreset& preset) {
  if (preset.n)
    for (const std::string& name : preset.order)
      if (const TimingSeries* s = sweep.find(name))
        if (const TimingPoint* p = s->at(preset.n); p && p->measured()) return preset.n;
  return largest_ladder_size(sweep, preset);
}

}  // namespace wl::ui
