#include "model/views/view_table.h"

#include <algorithm>
#include <iterator>

namespace wl {
namespace {

// Steps need no column: every view shows the current step of any kind, and says so when the
// step has nothing of its kind (no shared accesses, no global requests).
constexpr ViewSpec kViews[] = {
    {ViewKind::Tree, "tree", "Tree", "reduce", 1, true},  // a combine tree: reductions only
    {ViewKind::Dataflow, "dataflow", "Dataflow", "", 2, false},  // what the kernels recorded: any family
    {ViewKind::Divergence, "divergence", "Divergence", "", 3, false},
    {ViewKind::Banks, "banks", "Banks", "", 4, false},
    {ViewKind::Memory, "memory", "Memory", "", 5, false},
    {ViewKind::Source, "source", "Source", "", 6, false},
    {ViewKind::Metrics, "metrics", "Metrics", "", 7, false},
    {ViewKind::Timing, "timing", "Timing", "", 8, false},  // GPU sweeps, not a trace: any family's
    {ViewKind::Lookback, "lookback", "Look-back", "scan", 9, false},  // tile status over time: single-pass scans
    {ViewKind::Histogram, "histogram", "Bins", "histogram", 9, true},  // bins filling, private copies, contention
};
static_assert(std::size(kViews) == std::size_t(ViewKind::Count), "one row per view");

}  // namespace

const ViewSpec& view_spec(ViewKind view) {
  return kViews[std::size_t(view) < std::size(kViews) ? std::size_t(view) : 0];
}
const char* view_name(ViewKind view) { return view_spec(view).name; }
const char* view_title(ViewKind view) { return view_spec(view).title; }

bool view_applies(ViewKind view, std::string_view family) {
  const std::string_view families = view_spec(view).families;
  if (families.empty()) return true;
  std::size_t at = 0;
  while (at <= families.size()) {
    const std::size_t end = std::min(families.find(' ', at), families.size());
    if (families.substr(at, end - at) == family) return true;
    at = end + 1;
  }
  return false;
}

int view_key(ViewKind view) { return view_spec(view).key; }

ViewKind default_view(std::string_view family) {
  for (const ViewSpec& spec : kViews)
    if (spec.family_default && view_applies(spec.kind, family)) return spec.kind;
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
