// The keyboard help: every key the app answers to, over the views (H, F1 or ?).
#pragma once
#include "app_state.h"

namespace wl::ui {

void draw_help_overlay(AppState& state);

}  // namespace wl::ui
