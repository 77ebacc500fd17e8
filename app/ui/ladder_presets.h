// The ladders the Timing view can rebuild on the user's GPU, and the table they are measured
// against: Mark Harris's 2007 G80 numbers. App content, not a model: which variants tell which
// story.
#pragma once
#include <string>
#include <vector>

namespace wl::ui {

struct LadderPreset {
  std::string name;
  std::string story;                // one line under the chart
  std::vector<std::string> order;   // variant ids, slowest first
};

// "classic" (the 2007 deck's sequence and what came after) and "three kernels" (the seeds'
// atomic → shared → shuffle story).
const std::vector<LadderPreset>& ladder_presets();

struct HistoricLadderRow {
  int kernel;              // 1..7, as the deck numbers them
  const char* what;
  double ms, gbs;
  double step_speedup;     // 0: the first row has none
  double cumulative_speedup;
  const char* variant;     // our variant id of the same idea
};

extern const char* const kHarrisTableSource;
const std::vector<HistoricLadderRow>& harris_g80_table();

}  // namespace wl::ui
