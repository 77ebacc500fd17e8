// What a family shows beyond its variants, declared by the family and read by the app: the
// ladders its Timing view rebuilds, its one-click comparisons, a historic table to measure
// against, and its own views. Plain data, by id: no GL, no views.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/step.h"

namespace wl {

// A sequence of variants that tells one story in the Timing view.
struct LadderPreset {
  std::string name;
  std::string story;                // one line under the chart
  std::vector<std::string> order;   // variant ids, in the order the story tells them
  std::uint64_t n = 0;              // the size its story is told at; 0: the largest measured
  std::string family;               // the family whose sweeps it is drawn from
  bool beside_historic_table = false;  // drawn beside the family's historic table
};

// Two variants side by side, set up to show one difference.
struct ComparisonPreset {
  std::string label;   // the button: "Interleaved vs sequential"
  std::string tooltip; // one line under the pointer: what the pair shows
  std::string left, right;
  std::map<std::string, std::uint64_t> params;
  std::string op, type, pattern;  // empty: keep the current one
  std::uint64_t n = 0;
  unsigned block = 0;
  std::string view = "tree";       // a view's name, as --view takes it
  StepId step = make_step(StepKind::Level, 0);  // where playback starts
};

// A published table of the same kernels on older hardware.
struct HistoricRow {
  int kernel = 0;              // as the source numbers them
  std::string what;
  double ms = 0, gbs = 0;
  double step_speedup = 0;     // 0: the first row has none
  double cumulative_speedup = 0;
  std::string variant;         // our variant id of the same idea
};
struct HistoricTable {
  std::string title;           // "The same ladder in 2007"
  std::string source;          // the publication and its hardware
  std::vector<HistoricRow> rows;
};

struct FamilyShowcase {
  std::vector<std::string> views;     // the family's own views by name ("lookback"), besides the shared ones
  std::string default_view;           // the view a run of the family opens on; empty: dataflow
  std::vector<LadderPreset> ladders;
  std::vector<ComparisonPreset> comparisons;
  HistoricTable historic;
};

}  // namespace wl
