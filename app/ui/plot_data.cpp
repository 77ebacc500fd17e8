#include "ui/plot_data.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace wl::ui {

std::vector<PlotTick> log2_ticks(double lo, double hi) {
  std::vector<PlotTick> ticks;
  if (!(lo > 0) || !(hi >= lo)) return ticks;
  for (int k = int(std::floor(std::log2(lo) + 1e-9)); k <= int(std::ceil(std::log2(hi) - 1e-9)); ++k)
    ticks.push_back({std::ldexp(1.0, k), "2^" + std::to_string(k)});
  return ticks;
}

namespace {

std::string power_of_ten_label(int k) {
  if (k < 0) {
    std::string label = "0.";
    for (int z = 0; z < -k - 1; ++z) label += '0';
    return label + "1";
  }
  static const char* const kSuffix[] = {"", "k", "M", "G", "T"};
  if (k / 3 < 5) {
    std::string label = "1";
    for (int z = 0; z < k % 3; ++z) label += '0';
    return label + kSuffix[k / 3];
  }
  return "1e" + std::to_string(k);
}

std::string number_label(double value, double step) {
  char text[32];
  const int decimals = step >= 1 ? 0 : int(std::ceil(-std::log10(step) - 1e-9));
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

}  // namespace

std::vector<PlotTick> log10_ticks(double lo, double hi) {
  std::vector<PlotTick> ticks;
  if (!(lo > 0) || !(hi >= lo)) return ticks;
  for (int k = int(std::floor(std::log10(lo) + 1e-9)); k <= int(std::ceil(std::log10(hi) - 1e-9)); ++k)
    ticks.push_back({std::pow(10.0, k), power_of_ten_label(k)});
  return ticks;
}

std::vector<PlotTick> linear_ticks(double lo, double hi, int count) {
  std::vector<PlotTick> ticks;
  if (!(hi > lo) || count < 1) return ticks;
  const double rough = (hi - lo) / count;
  const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
  double step = magnitude;
  for (const double m : {1.0, 2.0, 5.0, 10.0})
    if (m * magnitude >= rough) {
      step = m * magnitude;
      break;
    }
  for (double v = std::ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step) {
    const double value = std::fabs(v) < step * 1e-9 ? 0.0 : v;  // no "-0"
    ticks.push_back({value, number_label(value, step)});
  }
  return ticks;
}

void fit_axes(PlotData& plot) {
  double x_lo = std::numeric_limits<double>::max(), x_hi = 0;
  double y_lo = std::numeric_limits<double>::max(), y_hi = 0;
  for (const PlotSeries& s : plot.series)
    for (const PlotPoint& p : s.points) {
      x_lo = std::min(x_lo, p.x), x_hi = std::max(x_hi, p.x);
      y_lo = std::min(y_lo, p.y), y_hi = std::max(y_hi, p.y);
    }
  if (x_hi == 0) x_lo = 1024, x_hi = 1 << 20;  // nothing to draw: still a sensible frame
  if (y_hi == 0) y_lo = 1, y_hi = 10;
  auto fit = [](PlotAxis& axis, double lo, double hi) {
    switch (axis.scale) {
      case AxisScale::Log2: axis.ticks = log2_ticks(lo, hi); break;
      case AxisScale::Log10: axis.ticks = log10_ticks(lo, hi); break;
      case AxisScale::Linear: {
        const double top = hi * 1.08;  // headroom above the highest point
        axis.ticks = linear_ticks(0, top, 5);
        axis.min = 0;
        axis.max = std::max(top, axis.ticks.empty() ? top : axis.ticks.back().value);
        return;
      }
    }
    axis.min = axis.ticks.front().value;
    axis.max = axis.ticks.back().value;
    if (axis.max <= axis.min) axis.max = axis.min * (axis.scale == AxisScale::Log2 ? 2 : 10);
  };
  fit(plot.x, x_lo, x_hi);
  fit(plot.y, y_lo, y_hi);
}

std::string size_label(std::uint64_t n) {
  if (n && (n & (n - 1)) == 0) {
    int k = 0;
    while ((std::uint64_t(1) << k) != n) ++k;
    return "2^" + std::to_string(k);
  }
  return thousands(n);
}

std::string thousands(std::uint64_t n) {
  std::string digits = std::to_string(n), text;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  return text;
}

}  // namespace wl::ui
