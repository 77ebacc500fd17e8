// The tree diagram: shared-memory slots (and registers) as nodes by level, each combine an
// edge, the current level highlighted, zoom (wheel) and pan (drag) across.
#pragma once
#include "ui/view_context.h"

namespace wl::ui {

void draw_tree_view(ViewContext& ctx);

}  // namespace wl::ui
