// The views of the app's main area, in one table: their command-line names, their titles and
// whether a family must declare them (FamilyShowcase::views). Every list of views (tabs, menu,
// keys, --view, lesson files) reads it. Plain data, so the model's lesson parser can use it too.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "kernels/family/showcase.h"

namespace wl {

// In tab order.
enum class ViewKind : std::uint8_t {
  Tree, Dataflow, Divergence, Banks, Memory, Source, Metrics, Timing, Lookback, Histogram, Links, Ring, Numerics,
  RowThreads, Online, Welford, Count
};

struct ViewSpec {
  ViewKind kind;
  const char* name;      // on the command line: "tree", "dataflow", ...
  const char* title;     // on its tab: "Tree", "Dataflow", ...
  bool own;              // drawn only for a family that declares it; else for every family
  int key;               // its digit key; views of different families, or of one family, may share one
};

const ViewSpec& view_spec(ViewKind view);
const char* view_name(ViewKind view);
const char* view_title(ViewKind view);
// Whether the view has something to draw for a family's traces.
bool view_applies(ViewKind view, const FamilyShowcase& family);
// The digit key of a view (0 ... 9; 0 only where no tree is drawn, since 0 also fits the tree).
int view_key(ViewKind view);
// The view a digit key shows for a family: the first of the family's views with that key, or,
// where several share it and one of them is `shown`, the next after it (so pressing the key
// again takes turns: 9 for rows is Online rescale, then Welford tree). nullopt: no view has it.
std::optional<ViewKind> view_for_key(int key, ViewKind shown, const FamilyShowcase& family);
// The view a family opens with, and falls back to when the view shown does not apply to it:
// its own default view (the tree for reduce), else the dataflow, which draws any family.
ViewKind default_view(const FamilyShowcase& family);
// Accepts every view name and "compare" (the tree, side by side).
bool parse_view(const std::string& name, ViewKind& view, bool& compare);
// "tree, dataflow, ..., compare": what --view accepts, for its help and its check.
std::string view_names_text();

}  // namespace wl
