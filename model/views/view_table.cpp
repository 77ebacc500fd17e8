#include "model/views/view_table.h"

#include <algorithm>
#include <iterator>

namespace wl {
namespace {

// Steps need no column: every view shows the current step of any kind, and says so when the
// step has nothing of its kind (no shared accesses, no global requests).
constexpr ViewSpec kViews[] = {
    {ViewKind::Tree, "tree", "Tree", true, 1},  // a combine tree: reductions
    {ViewKind::Dataflow, "dataflow", "Dataflow", false, 2},  // what the kernels recorded: any family
    {ViewKind::Divergence, "divergence", "Divergence", false, 3},
    {ViewKind::Banks, "banks", "Banks", false, 4},
    {ViewKind::Memory, "memory", "Memory", false, 5},
    {ViewKind::Source, "source", "Source", false, 6},
    {ViewKind::Metrics, "metrics", "Metrics", false, 7},
    {ViewKind::Timing, "timing", "Timing", false, 8},  // GPU sweeps, not a trace: any family's
    {ViewKind::Lookback, "lookback", "Look-back", true, 9},  // tile status over time: single-pass scans
    {ViewKind::Histogram, "histogram", "Bins", true, 9},  // bins filling, private copies, contention
    {ViewKind::Links, "links", "Links", true, 9},  // bytes between GPUs: an all-reduce
    {ViewKind::Ring, "ring", "Ring", true, 1},  // what each rank holds, step by step: an all-reduce
    {ViewKind::Numerics, "numerics", "Numerics", true, 1},  // each output's error: row-wise softmax and norms
    // Which thread reads each element of a row-wise kernel's matrix. 0: rows draw no tree to zoom.
    {ViewKind::RowThreads, "rows", "Rows to threads", true, 0},
    {ViewKind::Online, "online", "Online rescale", true, 9},  // the online softmax's running max and sum
    {ViewKind::Welford, "welford", "Welford tree", true, 9},  // layer norm's (n, mean, M2) merges; 9 again: takes turns
};
static_assert(std::size(kViews) == std::size_t(ViewKind::Count), "one row per view");

}  // namespace

const ViewSpec& view_spec(ViewKind view) {
  return kViews[std::size_t(view) < std::size(kViews) ? std::size_t(view) : 0];
}
const char* view_name(ViewKind view) { return view_spec(view).name; }
const char* view_title(ViewKind view) { return view_spec(view).title; }

bool view_applies(ViewKind view, const FamilyShowcase& family) {
  const ViewSpec& spec = view_spec(view);
  return !spec.own || std::find(family.views.begin(), family.views.end(), spec.name) != family.views.end();
}

int view_key(ViewKind view) { return view_spec(view).key; }

std::optional<ViewKind> view_for_key(int key, ViewKind shown, const FamilyShowcase& family) {
  std::optional<ViewKind> first;
  bool after_shown = false;
  for (const ViewSpec& spec : kViews) {
    if (spec.key != key || !view_applies(spec.kind, family)) continue;
    if (after_shown) return spec.kind;
    if (!first) first = spec.kind;
    after_shown = spec.kind == shown;
  }
  return first;
}

ViewKind default_view(const FamilyShowcase& family) {
  for (const ViewSpec& spec : kViews)
    if (family.default_view == spec.name && view_applies(spec.kind, family)) return spec.kind;
  return ViewKind::Dataflow;
}

bool parse_view(const std::string& name, ViewKind& view, bool& compare) {
  if (name == "compare") {
    view = ViewKind::Tree;
    compare = true;
    return true;
  }
  for (const ViewSpec& spec : kViews)
    if (name == spec.name) {
      view = spec.kind;
      return true;
    }
  return false;
}

std::string view_names_text() {
  std::string text;
  for (const ViewSpec& spec : kViews) text += std::string(spec.name) + ", ";
  return text + "compare";
}

}  // namespace wl
