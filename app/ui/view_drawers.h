// The drawers of the registry's views (model/views/views.txt): `draw_<id>_view` of each, listed
// by the build (view_drawers.cpp is generated), so a view is registered by its line there alone.
#pragma once
#include <vector>

#include "model/views/view_registry.h"
#include "ui/view_context.h"

namespace wl::ui {

using ViewDrawFn = void (*)(ViewContext& ctx);
struct ViewDrawer {
  const char* id;
  ViewDrawFn draw;
};

// In the registry's order.
const std::vector<ViewDrawer>& view_drawers();
// The drawer of a view; null for an id with none (the registry test rules that out).
ViewDrawFn drawer_of(const ViewDecl& view);

}  // namespace wl::ui
