#include "ui/main_menu_bar.h"

#include <imgui.h>

#include <cmath>
#include <cstdio>

namespace wl::ui {
namespace {

constexpr float kScaleChoices[] = {0.75f, 1.0f, 1.25f, 1.5f, 1.75f, 2.0f, 2.5f, 3.0f};

bool same_scale(float a, float b) { return std::fabs(a - b) < 0.01f; }

void draw_ui_scale_menu(AppState& state) {
  if (!ImGui::BeginMenu("UI scale")) return;
  char label[64];
  std::snprintf(label, sizeof label, "Match monitor (%.0f%%)", state.monitor_scale * 100.0f);
  if (ImGui::MenuItem(label, nullptr, same_scale(state.ui_scale, state.monitor_scale)))
    state.requested_ui_scale = state.monitor_scale;
  ImGui::Separator();
  for (const float scale : kScaleChoices) {
    std::snprintf(label, sizeof label, "%.0f%%", scale * 100.0f);
    if (ImGui::MenuItem(label, nullptr, same_scale(state.ui_scale, scale)))
      state.requested_ui_scale = scale;
  }
  ImGui::EndMenu();
}

}  // namespace

void draw_main_menu_bar(AppState& state) {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) state.quit_requested = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    draw_ui_scale_menu(state);
    ImGui::EndMenu();
  }
  ImGui::EndMainMenuBar();
}

}  // namespace wl::ui
