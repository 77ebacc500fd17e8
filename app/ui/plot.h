// Draws a PlotData or BarData with ImDrawList (there is no ImPlot package): axes, ticks and
// their labels, axis titles, a legend in the emptiest corner, dashed reference lines, and a
// readout of the nearest point under the mouse. Draws only: ui/plot_data.h builds what it draws.
#pragma once
#include <imgui.h>

#include <string>

#include "ui/plot_data.h"

namespace wl {
class ProbeLog;
}

namespace wl::ui {

struct PlotOptions {
  bool legend = true;               // false: the caller draws one legend for several plots
  ProbeLog* probes = nullptr;       // set: record each drawn point under probe_group
  std::string probe_group;
  std::string note_probe_group;     // and each note's start, when set
};

// Draws at the cursor, `size` big, and moves the cursor past it.
void draw_plot(const char* id, const PlotData& plot, ImVec2 size, const PlotOptions& options = {});

// The series' names with their line and marker, in a row that wraps.
void draw_plot_legend(const PlotData& plot);

// Horizontal bars, top to bottom: the label on the left, the value and detail at the bar's end.
void draw_bars(const char* id, const BarData& bars, ImVec2 size, const PlotOptions& options = {});

}  // namespace wl::ui
