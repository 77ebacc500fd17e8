// One frame of the whole UI: menu bar, panels and status bar.
#pragma once
#include "app_state.h"

namespace wl::ui {

void draw_main_screen(AppState& state);

}  // namespace wl::ui
