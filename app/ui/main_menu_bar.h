// The main menu bar: File → Quit, View → UI scale.
#pragma once
#include "app_state.h"

namespace wl::ui {

void draw_main_menu_bar(AppState& state);

}  // namespace wl::ui
