// The main area: the view tabs, the playback bar, one view (or two side by side in compare
// mode, with their metric deltas), and the lesson caption; `view_only` (an export's pictures):
// the view's panes alone, filling `rect`.
#pragma once
#include "app_state.h"
#include "render/gl_renderer.h"
#include "ui/layout.h"

namespace wl::ui {

void draw_view_area(AppState& state, GlRenderer& gl, const PanelRect& rect, bool view_only = false);

}  // namespace wl::ui
