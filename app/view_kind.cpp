#include "view_kind.h"

namespace wl {

const char* view_name(ViewKind view) {
  switch (view) {
    case ViewKind::Tree: return "tree";
    case ViewKind::Divergence: return "divergence";
    case ViewKind::Banks: return "banks";
    case ViewKind::Memory: return "memory";
    case ViewKind::Source: return "source";
    case ViewKind::Metrics: return "metrics";
    default: return "tree";
  }
}

const char* view_title(ViewKind view) {
  switch (view) {
    case ViewKind::Tree: return "Tree";
    case ViewKind::Divergence: return "Divergence";
    case ViewKind::Banks: return "Banks";
    case ViewKind::Memory: return "Memory";
    case ViewKind::Source: return "Source";
    case ViewKind::Metrics: return "Metrics";
    default: return "Tree";
  }
}

bool parse_view(const std::string& name, ViewKind& view, bool& compare) {
  if (name == "compare") {
    view = ViewKind::Tree;
    compare = true;
    return true;
  }
  for (int k = 0; k < int(ViewKind::Count); ++k)
    if (name == view_name(ViewKind(k))) {
      view = ViewKind(k);
      return true;
    }
  return false;
}

}  // namespace wl
