#include "ui/controls_panel.h"

#include <imgui.h>

#include "ui/theme.h"

namespace wl::ui {
namespace {

constexpr ImGuiWindowFlags kPanelFlags =
    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

void section_heading(const char* text) {
  ImGui::TextColored(accent_color(), "%s", text);
  ImGui::Separator();
}

}  // namespace

void draw_controls_panel(const AppState& state, const PanelRect& rect) {
  set_next_window_rect(rect);
  if (ImGui::Begin("Controls", nullptr, kPanelFlags)) {
    section_heading("Kernel");
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("Kernel variants arrive with the kernel library.");
    ImGui::PopTextWrapPos();

    ImGui::Spacing();
    ImGui::Spacing();
    section_heading("Runs on");
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(state.backend_label.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

}  // namespace wl::ui
