// The source panel: the variant's kernel source (embedded at build time) and the shared layers
// it calls, with the lines that issued the current level's events highlighted.
#pragma once
#include "ui/view_context.h"

namespace wl::ui {

void draw_source_view(ViewContext& ctx);

}  // namespace wl::ui
