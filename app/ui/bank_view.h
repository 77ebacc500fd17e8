// The bank view: for the current level, each shared-memory warp request as 32 banks holding
// the distinct words it touched; banks with several words (n-way conflicts) are highlighted.
#pragma once
#include "ui/view_context.h"

namespace wl::ui {

void draw_banks_view(ViewContext& ctx);

}  // namespace wl::ui
