#include "ui/layout.h"

#include <algorithm>

#include "probe_log.h"

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
  // About a fifth of the width, but never too narrow for its text or too wide. From 1280 pixels
  // up, 300 at least ("GPU if present" whole beside its label, measured by the screenshot tests);
  // a smaller window keeps 280 for its views.
  const float least = std::min(300.0f * ui_scale, std::max(280.0f * ui_scale, size.x * 0.235f));
  const float controls_width = show_controls ? std::clamp(size.x * 0.2f, least, 400.0f * ui_scale) : 0.0f;
  layout.controls = {origin, ImVec2(std::min(controls_width, size.x), body_height)};
  layout.main = {ImVec2(origin.x + layout.controls.size.x, origin.y),
                 ImVec2(std::max(0.0f, size.x - layout.controls.size.x), body_height)};
  return layout;
}

void set_next_window_rect(const PanelRect& rect) {
  ImGui::SetNextWindowPos(rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(rect.size, ImGuiCond_Always);
}

void same_line_if_fits(float width, float spacing) {
  if (spacing < 0.0f) spacing = ImGui::GetStyle().ItemSpacing.x;
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + spacing + width <= right) ImGui::SameLine(0.0f, spacing);
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + 2.0f * ImGui::GetStyle().FramePadding.x;
}

float checkbox_width(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}

float widest_word_width(const char* text) {
  float widest = 0.0f;
  const char* word = text;
  for (const char* p = text;; ++p)
    if (*p == ' ' || *p == '\n' || *p == '\0') {
      if (p > word) widest = std::max(widest, ImGui::CalcTextSize(word, p).x);
      if (*p == '\0') break;
      word = p + 1;
    }
  return widest;
}

void table_header_cell(const char* label, const char* tooltip, ProbeLog* probes) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float room = ImGui::GetContentRegionAvail().x;
  // Half a pixel: widths are floats, a word exactly as wide as the column fits.
  if (probes && widest_word_width(label) > room + 0.5f) probes->add("table.header.broken", at.x, at.y);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(label);
  ImGui::PopTextWrapPos();
  if (tooltip && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
}

}  // namespace wl::ui
