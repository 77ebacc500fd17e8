// The bottom status bar: the backend the shown run used and the device's name (or why there
// is none), fallback notes, export messages, frame rate.
#pragma once
#include "app_state.h"
#include "ui/layout.h"

namespace wl::ui {

void draw_status_bar(const AppState& state, const MainLayout& layout);

}  // namespace wl::ui
