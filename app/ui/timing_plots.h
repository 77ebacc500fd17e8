// The Timing view's plots, built from a sweep (no drawing): time, bandwidth and the share of
// the device copy's bandwidth against n, and the ladder's bars at one n.
#pragma once
#include <cstdint>

#include "model/timing/timing_sweep.h"
#include "ui/ladder_presets.h"
#include "ui/plot_data.h"

namespace wl::ui {

enum class TimingMetric : std::uint8_t { Milliseconds, GigabytesPerSecond, PercentOfCopy };

// One series per sweep series, in the sweep's order; references (CUB, the copy) dashed.
// Points with an error are left out and their message is collected once per size and message;
// a point with a wrong result is drawn and noted.
PlotData build_timing_plot(const TimingSweep& sweep, TimingMetric metric);

// The preset's variants measured at n, as bandwidth bars; each bar's detail carries its
// speedups ("2.01x step, 4.68x total"), the copy's bandwidth is the reference line.
BarData build_ladder_bars(const TimingSweep& sweep, const LadderPreset& preset, std::uint64_t n);

// The largest n at which any of the preset's variants was measured; 0 when none was.
std::uint64_t largest_ladder_size(const TimingSweep& sweep, const LadderPreset& preset);
// The size the ladder opens at: the preset's own when any of its variants was measured there,
// else the largest.
std::uint64_t default_ladder_size(const TimingSweep& sweep, const LadderPreset& preset);

}  // namespace wl::ui
