// The Timing view's plots, built from a sweep (no drawing): time, bandwidth and the share of
// the device copy's bandwidth against n, or against a swept parameter at one n, and the
// ladder's bars at one point.
#pragma once
#include <cstdint>
#include <string>

#include "results/timing_sweep.h"
#include "ui/ladder_presets.h"
#include "ui/plot_data.h"

namespace wl::ui {

enum class TimingMetric : std::uint8_t { Milliseconds, GigabytesPerSecond, PercentOfCopy };

// One series per sweep series, in the sweep's order; references (CUB, the copy) dashed.
// Against n; a sweep over a parameter against it (log2 when every value is above 0), at
// plotted_size(sweep, at_n). Points with an error are left out and their message is collected
// once per x and message; a point with a wrong result is drawn and noted.
PlotData build_timing_plot(const TimingSweep& sweep, TimingMetric metric, std::uint64_t at_n = 0);

// The n a sweep over a parameter is drawn at: `chosen` when the sweep has it, else its largest.
std::uint64_t plotted_size(const TimingSweep& sweep, std::uint64_t chosen);
// A place on the sweep's axis as ticks, notes and menus write it: "2^20" against n; a swept
// parameter's value as typed ("4096"), past a million as size_label does.
std::string axis_value_label(const TimingSweep& sweep, std::uint64_t value);

// The preset's variants measured at (n, param), as bandwidth bars; each bar's detail carries
// its speedups ("2.01x step, 4.68x total"), the copy's bandwidth is the reference line.
BarData build_ladder_bars(const TimingSweep& sweep, const LadderPreset& preset, std::uint64_t n,
                          std::uint64_t param = 0);

// The largest n at which any of the preset's variants was measured; 0 when none was.
std::uint64_t largest_ladder_size(const TimingSweep& sweep, const LadderPreset& preset);
// The size the ladder opens at: the preset's own when any of its variants was measured there,
// else the largest.
std::uint64_t default_ladder_size(const TimingSweep& sweep, const LadderPreset& preset);
// A sweep over a parameter: the value the ladder opens at, at n: the smallest of those where
// most of the preset's variants were measured; 0 when none was.
std::uint64_t default_ladder_param(const TimingSweep& sweep, const LadderPreset& preset, std::uint64_t n);

}  // namespace wl::ui
