#include "ui/timing_plots.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <utility>

#include "ui/palette.h"

namespace wl::ui {
namespace {

// Every variant its own color, so 12 to 18 series stay apart (the marker shape is a second
// cue). The Okabe–Ito hues first (vermillion stays for problems), then colors from Paul Tol's
// light, muted and bright sets, each picked greedily to lie farthest (CIELAB) from those before
// it for normal vision and for simulated deuteranopia and protanopia; all light enough (L* >= 52)
// for the dark plot. Neighbours in teaching order, compared most, differ most.
constexpr PlotColor kVariantColors[] = {
    okabe_ito::kOrange,            okabe_ito::kSkyBlue,           okabe_ito::kBluishGreen,
    okabe_ito::kYellow,            okabe_ito::kReddishPurple,     okabe_ito::kBlue,
    IM_COL32(248, 242, 160, 255),  IM_COL32(153, 221, 255, 255),  IM_COL32(128, 206, 185, 255),
    IM_COL32(238, 102, 119, 255),  IM_COL32(153, 153, 51, 255),   IM_COL32(221, 204, 119, 255),
    IM_COL32(128, 184, 216, 255),  IM_COL32(238, 136, 102, 255),  IM_COL32(68, 187, 153, 255),
    IM_COL32(187, 204, 51, 255),   IM_COL32(255, 170, 187, 255),  IM_COL32(238, 119, 51, 255)};
constexpr int kVariantColorCount = int(sizeof kVariantColors / sizeof kVariantColors[0]);
// The same places on the light theme: darkening the pale ones above makes several alike olives,
// so light has its own set, picked the same way against white (contrast 2.9:1 at least, CIELAB
// distance 16 at least between any two, where the dark set's closest pair is 13). The first six
// are the Okabe–Ito hues, darkened to read on white.
constexpr PlotColor kVariantColorsLight[] = {
    IM_COL32(0xB3, 0x6B, 0x00, 255), IM_COL32(0x3C, 0x9B, 0xD6, 255), IM_COL32(0x00, 0x9E, 0x73, 255),
    IM_COL32(0x8F, 0x84, 0x00, 255), IM_COL32(0xB5, 0x5D, 0x8F, 255), IM_COL32(0x00, 0x72, 0xB2, 255),
    IM_COL32(0x33, 0x22, 0x88, 255), IM_COL32(0x55, 0x55, 0x55, 255), IM_COL32(0xF9, 0x7B, 0x72, 255),
    IM_COL32(0xEE, 0x33, 0x77, 255), IM_COL32(0x22, 0x22, 0x55, 255), IM_COL32(0x66, 0x66, 0x33, 255),
    IM_COL32(0x00, 0x86, 0x95, 255), IM_COL32(0xCF, 0x1C, 0x90, 255), IM_COL32(0x66, 0x33, 0x33, 255),
    IM_COL32(0x7F, 0x3C, 0x8D, 255), IM_COL32(0x22, 0x88, 0x33, 255), IM_COL32(0xEE, 0x77, 0x33, 255)};
static_assert(sizeof kVariantColorsLight == sizeof kVariantColors, "a light color for every place");
constexpr int kMarkerRun = 6;  // the marker changes after the Okabe-Ito hues: a second cue
// References are dashed greys, each its own: the device copy, the family's own roofline (the
// link's peer copy), then the libraries (CUB, NCCL).
constexpr PlotColor kCopyColor = IM_COL32(235, 235, 235, 255);
constexpr PlotColor kRooflineColor = IM_COL32(200, 184, 150, 255);  // a warm grey beside the copy's white
constexpr PlotColor kLibraryColors[] = {IM_COL32(150, 156, 170, 255), IM_COL32(175, 140, 160, 255),
                                        IM_COL32(120, 150, 140, 255)};
constexpr int kLibraryColorCount = int(sizeof kLibraryColors / sizeof kLibraryColors[0]);

std::optional<double> metric_value(const TimingSweep& sweep, const TimingSeries& series, const TimingPoint& point,
                                   TimingMetric metric) {
  switch (metric) {
    case TimingMetric::Milliseconds: return point.ms;
    case TimingMetric::GigabytesPerSecond: return point.gbs();
    case TimingMetric::PercentOfCopy: return percent_of_copy(sweep, series, point.n, point.param);
  }
  return std::nullopt;
}

// Where a point lies on the plot's x axis.
double x_of(const TimingSweep& sweep, const TimingPoint& p) { return double(sweep.against_param() ? p.param : p.n); }

void describe(PlotData& plot, const TimingSweep& sweep, TimingMetric metric) {
  plot.x.title = "n (elements)";
  plot.x.scale = AxisScale::Log2;
  if (sweep.against_param()) {
    plot.x.title = sweep.swept_param;
    plot.x_name = sweep.swept_param;
    const std::vector<std::uint64_t> values = sweep.param_values();
    if (!values.empty() && values.front() == 0) plot.x.scale = AxisScale::Linear;  // no log of 0
  }
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
  PlotColor color_on_light = 0;  // its own color on the light theme; 0: color, made legible
};

// A series' color and marker from its place among the sweep's series, so a variant looks the
// same in every plot and in the ladder.
SeriesStyle series_style(const TimingSweep& sweep, const std::string& name) {
  if (name == kCopySeries) return {kCopyColor, Marker::Square};
  if (name == sweep.roofline) return {kRooflineColor, Marker::Triangle};  // the family's own (the link's)
  int variant_index = 0, library_index = 0;
  for (const TimingSeries& s : sweep.series) {
    if (s.name == name) {
      if (s.kind == SeriesKind::Reference) return {kLibraryColors[library_index % kLibraryColorCount], Marker::Diamond};
      break;
    }
    if (s.kind == SeriesKind::Variant) ++variant_index;
    else if (s.name != kCopySeries && s.name != sweep.roofline) ++library_index;
  }
  return {kVariantColors[variant_index % kVariantColorCount], Marker((variant_index / kMarkerRun) % 4),
          kVariantColorsLight[variant_index % kVariantColorCount]};
}

std::string speedup_text(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2fx", x);
  return text;
}

// The sweep names the point in each point's error ("2^20: why", "cols=4096 at 2^26: why"); a
// note names its places itself.
std::string without_place(const TimingSweep& sweep, const std::string& error, const TimingPoint& p) {
  const std::string prefix = point_label(sweep, p) + ": ";
  return error.rfind(prefix, 0) == 0 ? error.substr(prefix.size()) : error;
}

// "2^10..2^16, 2^20" (or "cols 1024..4096, 16384"): runs of places that follow each other on
// the sweep's axis.
std::string places_text(const TimingSweep& sweep, const std::vector<std::uint64_t>& all,
                        const std::vector<std::uint64_t>& chosen) {
  std::string text;
  for (std::size_t i = 0; i < all.size();) {
    if (!std::binary_search(chosen.begin(), chosen.end(), all[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j + 1 < all.size() && std::binary_search(chosen.begin(), chosen.end(), all[j + 1])) ++j;
    text += (text.empty() ? "" : ", ") + axis_value_label(sweep, all[i]) +
            (j > i ? ".." + axis_value_label(sweep, all[j]) : "");
    i = j + 1;
  }
  return sweep.against_param() ? sweep.swept_param + " " + text : text;
}

constexpr std::size_t kMostNotes = 4;  // more would squeeze the plot away: the rest are counted

}  // namespace

PlotData build_timing_plot(const TimingSweep& sweep, TimingMetric metric, std::uint64_t at_n) {
  PlotData plot;
  describe(plot, sweep, metric);
  const std::uint64_t fixed_n = sweep.against_param() ? plotted_size(sweep, at_n) : 0;
  if (sweep.against_param()) plot.title += " at n = " + size_label(fixed_n);
  // Errors per (x, message): which series, so one line can say it for all of them.
  std::map<std::pair<std::uint64_t, std::string>, std::vector<std::string>> errors;
  std::map<std::uint64_t, std::size_t> series_at;  // how many series have a point at x
  for (const TimingSeries& s : sweep.series) {
    // Shares are of the family's own roofline (the link's); one GPU's copy, many times faster,
    // would only flatten them.
    if (metric == TimingMetric::PercentOfCopy && s.name == kCopySeries && sweep.roofline != kCopySeries) continue;
    PlotSeries out;
    out.name = s.name;
    out.dashed = s.kind == SeriesKind::Reference;
    const SeriesStyle style = series_style(sweep, s.name);
    out.color = style.color;
    out.color_on_light = style.color_on_light;
    out.marker = style.marker;
    for (const TimingPoint& p : s.points) {
      if (sweep.against_param() && p.n != fixed_n) continue;  // another size's line
      const std::uint64_t x = std::uint64_t(x_of(sweep, p));
      ++series_at[x];
      if (!p.error.empty()) {
        errors[{x, without_place(sweep, p.error, p)}].push_back(s.name);
        continue;
      }
      const std::optional<double> value = metric_value(sweep, s, p, metric);
      if (!value || !(*value > 0)) continue;  // not measured, or no copy to compare with
      if (!p.ok)
        plot.notes.push_back(places_text(sweep, {x}, {x}) + ", " + s.name + ": wrong result (drawn, not to be trusted)");
      out.points.push_back({double(x), *value});
    }
    std::sort(out.points.begin(), out.points.end(), [](const PlotPoint& a, const PlotPoint& b) { return a.x < b.x; });
    plot.series.push_back(std::move(out));
  }
  // Then the places where the same series failed for the same reason, as one line.
  std::map<std::pair<std::string, std::string>, std::vector<std::uint64_t>> lines;  // (why, which) -> places
  for (const auto& [key, names] : errors) {
    std::string which;
    if (names.size() < series_at[key.first])
      for (std::size_t i = 0; i < names.size(); ++i) which += (i ? ", " : "") + names[i];
    lines[{key.second, which}].push_back(key.first);
  }
  const std::vector<std::uint64_t> all = sweep.against_param() ? sweep.param_values() : sweep.sizes();
  for (auto& [key, places] : lines) {
    std::sort(places.begin(), places.end());
    // Which series before why, as the wrong-result note has it: a note cut at the plot's edge
    // still says whose failure it is.
    plot.notes.push_back(places_text(sweep, all, places) + (key.second.empty() ? "" : ", " + key.second) + ": " + key.first);
  }
  if (plot.notes.size() > kMostNotes) {
    const std::size_t more = plot.notes.size() - (kMostNotes - 1);
    plot.notes.resize(kMostNotes - 1);
    plot.notes.push_back("and " + std::to_string(more) + " more notes: every point's error is in the CSV export");
  }
  fit_axes(plot);
  if (sweep.against_param())
    for (PlotTick& t : plot.x.ticks) t.label = axis_value_label(sweep, std::uint64_t(t.value));
  return plot;
}

std::uint64_t plotted_size(const TimingSweep& sweep, std::uint64_t chosen) {
  const std::vector<std::uint64_t> sizes = sweep.sizes();
  if (sizes.empty() || std::binary_search(sizes.begin(), sizes.end(), chosen)) return chosen;
  return sizes.back();
}

std::string axis_value_label(const TimingSweep& sweep, std::uint64_t value) {
  if (!sweep.against_param() || value >= 1000000) return size_label(value);
  return std::to_string(value);
}

BarData build_ladder_bars(const TimingSweep& sweep, const LadderPreset& preset, std::uint64_t n,
                          std::uint64_t param) {
  BarData bars;
  bars.title = preset.name + " ladder at " +
               (sweep.against_param() ? sweep.swept_param + " = " + axis_value_label(sweep, param) + ", " : "") +
               "n = " + size_label(n);
  bars.y_title = "GB/s";
  const std::vector<LadderStep> steps = ladder(sweep, preset.order, n, param);
  for (const std::string& name : preset.order) {
    const LadderStep* step = nullptr;
    for (const LadderStep& s : steps)
      if (s.name == name) step = &s;
    const TimingSeries* series = sweep.find(name);
    const TimingPoint* point = series ? series->at(n, param) : nullptr;
    if (!step || !point) {
      const std::string why = !series ? "not in this sweep"
                              : !point ? "not measured at " + (sweep.against_param()
                                                                    ? sweep.swept_param + " = " + axis_value_label(sweep, param)
                                                                    : size_label(n))
                                       : (point->error.empty() ? "not measured" : without_place(sweep, point->error, *point));
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
    const SeriesStyle style = series_style(sweep, name);
    bar.color = style.color;
    bar.color_on_light = style.color_on_light;
    bars.bars.push_back(std::move(bar));
  }
  if (const TimingSeries* copy = sweep.find(sweep.roofline))
    if (const TimingPoint* p = copy->at(n, param); p && p->measured()) {
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

std::uint64_t default_ladder_param(const TimingSweep& sweep, const LadderPreset& preset, std::uint64_t n) {
  std::uint64_t best = 0;
  std::size_t most = 0;
  for (const std::uint64_t value : sweep.param_values()) {
    std::size_t measured = 0;
    for (const std::string& name : preset.order)
      if (const TimingSeries* s = sweep.find(name))
        if (const TimingPoint* p = s->at(n, value); p && p->measured()) ++measured;
    if (measured > most) most = measured, best = value;
  }
  return best;
}

}  // namespace wl::ui
