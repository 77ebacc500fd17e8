// The ladders the Timing view can rebuild on the user's GPU, each family's own, and the table
// reduce's are measured against: Mark Harris's 2007 G80 numbers. App content, not a model:
// which variants tell which story.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace wl::ui {

struct LadderPreset {
  std::string name;
  std::string story;                // one line under the chart
  std::vector<std::string> order;   // variant ids, in the order the story tells them
  std::uint64_t n = 0;              // the size its story is told at; 0: the largest measured
  std::string family;               // the family whose sweeps it is drawn from
  bool beside_g80_table = false;    // drawn beside Harris's 2007 table, whose kernels it starts with
};

// Every family's ladders. Reduce: "classic" (the 2007 deck's sequence and what came after, at the
// largest size) and "three kernels" (the seeds' atomic → shared → shuffle story, told at 16M
// elements). Scan: "lecture to CUB" and "passes over memory". Histogram: "privatization" and
// "without atomics".
const std::vector<LadderPreset>& ladder_presets();
// The ladders of one family, in the order above; none for a family that has none.
std::vector<const LadderPreset*> ladder_presets_for(const std::string& family);

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
