// The left "Controls" panel: family, variant (with its lesson line), n, block, operator, type,
// input pattern, seed, backend, the block to inspect, compare partner. Wrong values are
// refused in place, with the reason.
#pragma once
#include "app_state.h"
#include "ui/layout.h"

namespace wl::ui {

void draw_controls_panel(AppState& state, const PanelRect& rect);

}  // namespace wl::ui
