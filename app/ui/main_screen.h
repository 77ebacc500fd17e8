// One frame of the whole UI: menu bar, controls, views, status bar, help overlay, keys.
#pragma once
#include "app_state.h"
#include "render/gl_renderer.h"

namespace wl::ui {

void draw_main_screen(AppState& state, GlRenderer& gl);

}  // namespace wl::ui
