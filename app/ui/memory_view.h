// The memory view: for the current level, each global warp request with the 32-byte sectors
// its lanes touched, drawn against the fewest sectors the same bytes could need.
#pragma once
#include "ui/view_context.h"

namespace wl::ui {

void draw_memory_view(ViewContext& ctx);

}  // namespace wl::ui
