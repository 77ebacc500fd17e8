// The keyboard: levels, play, variants, compare, views, fullscreen, presenter, help, lessons,
// the UI's zoom. Keys are ignored while a text field has the keyboard.
#pragma once
#include "app_state.h"

namespace wl::ui {

void handle_shortcuts(AppState& state);

// What the keys and the View menu share: each is remembered in imgui.ini and applied before
// the next frame.
void set_zoom(AppState& state, float zoom);
void choose_theme(AppState& state, Theme theme);

}  // namespace wl::ui
