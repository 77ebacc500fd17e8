// Stepping through levels: back, play / pause, forward, speed, and a slider over the levels;
// `compare_box`: the compare box first, where the tabs had no room for it.
#pragma once
#include "app_state.h"

namespace wl::ui {

void draw_playback_bar(AppState& state, bool compare_box = false);
// The "Compare (C)" box: beside the tabs, or opening the playback row.
void draw_compare_box(AppState& state);

}  // namespace wl::ui
