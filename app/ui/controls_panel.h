// The left "Controls" panel: where kernel variants and their parameters will be picked.
#pragma once
#include "app_state.h"
#include "ui/layout.h"

namespace wl::ui {

void draw_controls_panel(const AppState& state, const PanelRect& rect);

}  // namespace wl::ui
