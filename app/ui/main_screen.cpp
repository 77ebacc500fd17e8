#include "ui/main_screen.h"

#include <imgui.h>

#include "ui/controls_panel.h"
#include "ui/help_overlay.h"
#include "ui/layout.h"
#include "ui/main_menu_bar.h"
#include "ui/shortcuts.h"
#include "ui/status_bar.h"
#include "ui/view_area.h"

namespace wl::ui {

void draw_main_screen(AppState& state, GlRenderer& gl) {
  if (state.export_view.running) {  // the pictures hold the view alone, the window's whole size
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    draw_view_area(state, gl, {viewport->Pos, viewport->Size}, true);
    return;
  }
  handle_shortcuts(state);
  // Tab is "next variant": ImGui must not also move the keyboard into a text field with it,
  // where the next digit key would type into n instead of switching the view.
  ImGui::PushAllowKeyboardFocus(false);
  draw_main_menu_bar(state);  // first: it shrinks the viewport's work area
  const MainLayout layout = compute_main_layout(state.ui_scale, !state.presenter);
  if (!state.presenter) draw_controls_panel(state, layout.controls);
  draw_view_area(state, gl, layout.main);
  draw_status_bar(state, layout);
  draw_help_overlay(state);
  ImGui::PopAllowKeyboardFocus();
}

}  // namespace wl::ui
