// The main menu bar: File (open a trace, export PNG / JSON, quit), View (views, compare,
// presenter, fullscreen, UI scale), Lessons, Help.
#pragma once
#include "app_state.h"

namespace wl::ui {

void draw_main_menu_bar(AppState& state);

}  // namespace wl::ui
