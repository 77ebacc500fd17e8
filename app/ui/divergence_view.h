// The divergence map: warps down, levels across; each cell shows the warp's 32 lanes (worked,
// idle, idle because the warp diverged) with a marker on divergent warps. Hover for the mask.
#pragma once
#include "ui/view_context.h"

namespace wl::ui {

void draw_divergence_view(ViewContext& ctx);

}  // namespace wl::ui
