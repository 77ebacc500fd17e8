#include "ui/layout.h"

#include <algorithm>

namespace wl::ui {

MainLayout compute_main_layout(float ui_scale, bool show_controls) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const ImVec2 origin = viewport->WorkPos;
  const ImVec2 size = viewport->WorkSize;
  MainLayout layout;

  layout.status_bar_padding = ImVec2(12.0f * ui_scale, 6.0f * ui_scale);
  const float status_height = ImGui::GetTextLineHeight() + 2.0f * layout.status_bar_padding.y;
  layout.status_bar = {ImVec2(origin.x, origin.y + size.y - status_height),
                       ImVec2(size.x, status_height)};

  const float body_height = std::max(0.0f, size.y - status_height);
  // About a fifth of the width, but never too narrow for its text or too wide.
  const float controls_width =
      show_controls ? std::clamp(size.x * 0.2f, 280.0f * ui_scale, 400.0f * ui_scale) : 0.0f;
  layout.controls = {origin, ImVec2(std::min(controls_width, size.x), body_height)};
  layout.main = {ImVec2(origin.x + layout.controls.size.x, origin.y),
                 ImVec2(std::max(0.0f, size.x - layout.controls.size.x), body_height)};
  return layout;
}

void set_next_window_rect(const PanelRect& rect) {
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
}

}  // namespace wl::ui
