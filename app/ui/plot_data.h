// What a plot shows, built apart from drawing it: series of (x, y) points, the axes' scales,
// ticks and titles, and notes about points left out. Pure data, so tests check it without a
// window; ui/plot.h draws it. Shared by every family's timing plots.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace wl::ui {

using PlotColor = std::uint32_t;  // ImU32 (0xAABBGGRR), as palette.h writes it

enum class AxisScale : std::uint8_t { Linear, Log2, Log10 };
enum class Marker : std::uint8_t { Circle, Square, Triangle, Diamond };

struct PlotPoint {
  double x = 0, y = 0;
};

struct PlotSeries {
  std::string name;
  PlotColor color = 0xffffffff;
  Marker marker = Marker::Circle;
  bool dashed = false;  // a reference line (CUB, the device copy), not a variant
  std::vector<PlotPoint> points;
  PlotColor color_on_light = 0;  // on the light theme, where a darkened `color` would be too like another's
};

struct PlotTick {
  double value = 0;
  std::string label;
};

struct PlotAxis {
  std::string title;
  AxisScale scale = AxisScale::Linear;
  double min = 0, max = 1;  // the range drawn, in data units
  std::vector<PlotTick> ticks;
};

struct PlotData {
  std::string title;
  std::string unit;  // the hover readout's unit: "ms", "GB/s", "%"
  std::string x_name = "n";  // the hover readout's name for x: "n", or a swept parameter ("cols")
  PlotAxis x, y;
  std::vector<PlotSeries> series;
  std::vector<std::string> notes;  // points that were not drawn, and why
};

// Ticks at every power of two from lo to hi (rounded outwards), labelled "2^k".
std::vector<PlotTick> log2_ticks(double lo, double hi);
// Ticks at every power of ten from lo to hi (rounded outwards), labelled "0.01", "1", "100",
// "10k", "1M".
std::vector<PlotTick> log10_ticks(double lo, double hi);
// About `count` ticks at 1, 2 or 5 times a power of ten, covering lo..hi.
std::vector<PlotTick> linear_ticks(double lo, double hi, int count);

// Sets both axes' ranges and ticks from the series' points (log axes round out to whole
// powers; a linear y axis starts at 0). Call after filling the series.
void fit_axes(PlotData& plot);

// "2^20" for powers of two, else thousands(n).
std::string size_label(std::uint64_t n);
std::string thousands(std::uint64_t n);  // "1,048,576"

struct Bar {
  std::string label;        // under the bar
  double value = 0;
  std::string value_label;  // above the bar
  std::string detail;       // a second line above it (speedups)
  PlotColor color = 0xffffffff;
  PlotColor color_on_light = 0;  // as PlotSeries's
};

struct BarData {
  std::string title;
  std::string y_title;
  std::vector<Bar> bars;
  double reference = 0;           // > 0: a dashed line across the bars at this value
  std::string reference_label;
  std::vector<std::string> notes;  // bars left out, and why
};

}  // namespace wl::ui
