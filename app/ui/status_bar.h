// The bottom status bar: where kernels run, frame rate, notes.
#pragma once
#include "app_state.h"
#include "ui/layout.h"

namespace wl::ui {

void draw_status_bar(const AppState& state, const MainLayout& layout);

}  // namespace wl::ui
