// The main area: the view tabs, the playback bar, one view (or two side by side in compare
// mode, with their metric deltas), and the lesson caption.
#pragma once
#include "app_state.h"
#include "render/gl_renderer.h"
#include "ui/layout.h"

namespace wl::ui {

void draw_view_area(AppState& state, GlRenderer& gl, const PanelRect& rect);

}  // namespace wl::ui
