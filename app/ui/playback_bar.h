// Stepping through levels: back, play / pause, forward, speed, and a slider over the levels.
#pragma once
#include "app_state.h"

namespace wl::ui {

void draw_playback_bar(AppState& state);

}  // namespace wl::ui
