// Where the fixed panels go: Controls on the left (hidden in presenter mode), the views filling
// the rest, the status bar along the bottom, all below the main menu bar.
#pragma once
#include <imgui.h>

namespace wl::ui {

struct PanelRect {
  ImVec2 pos;
  ImVec2 size;
};

struct MainLayout {
  PanelRect controls;  // zero width when hidden
  PanelRect main;
  PanelRect status_bar;
  ImVec2 status_bar_padding;
};

// From the main viewport's work area; call after the main menu bar was drawn.
MainLayout compute_main_layout(float ui_scale, bool show_controls = true);

// Places the next ImGui window exactly on `rect`.
void set_next_window_rect(const PanelRect& rect);

}  // namespace wl::ui
