// The keyboard: levels, play, variants, compare, views, fullscreen, presenter, help, lessons.
// Keys are ignored while a text field has the keyboard.
#pragma once
#include "app_state.h"

namespace wl::ui {

void handle_shortcuts(AppState& state);

}  // namespace wl::ui
