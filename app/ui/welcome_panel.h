// The central "Welcome" panel: what WarpLens is and what it will show.
#pragma once
#include "app_state.h"
#include "ui/layout.h"

namespace wl::ui {

void draw_welcome_panel(const AppState& state, const PanelRect& rect);

}  // namespace wl::ui
