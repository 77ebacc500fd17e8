#include "ui/status_bar.h"

#include <imgui.h>

#include <cstdio>

#include "ui/theme.h"

namespace wl::ui {
namespace {

constexpr ImGuiWindowFlags kStatusBarFlags =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
    ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
    ImGuiWindowFlags_NoBringToFrontOnFocus;

// A filled dot, vertically centered on the text line: green-blue for a GPU, amber for none.
void status_dot(const ImVec4& color) {
  const float radius = ImGui::GetFontSize() * 0.28f;
  const ImVec2 cursor = ImGui::GetCursorScreenPos();
  const ImVec2 center(cursor.x + radius, cursor.y + ImGui::GetTextLineHeight() * 0.5f);
  ImGui::GetWindowDrawList()->AddCircleFilled(center, radius, ImGui::GetColorU32(color));
  ImGui::Dummy(ImVec2(radius * 2.0f, ImGui::GetTextLineHeight()));
  ImGui::SameLine();
}

void divider() {
  ImGui::SameLine();
  ImGui::TextDisabled("|");
  ImGui::SameLine();
}

// Where the shown run actually ran: the GPU (by name), or the simulator and why.
void backend_text(const AppState& state) {
  const RunOutcome* o = state.sessions[0].outcome();
  const TraceViews* v = state.sessions[0].views();
  const std::string backend = v ? v->trace.meta.backend : (o ? o->backend : "");
  if (backend == "gpu") {
    status_dot(accent_color());
    if (state.device_name.empty()) ImGui::TextUnformatted("Backend: GPU (a recorded trace: this machine has no GPU)");
    else ImGui::Text("Backend: GPU, %s", state.device_name.c_str());
    return;
  }
  status_dot(state.gpu_available ? accent_color() : warning_color());
  ImGui::Text("Backend: CPU simulator");
  divider();
  if (o && o->note.rfind("GPU failed", 0) == 0)
    ImGui::TextColored(warning_color(), "%s", o->note.c_str());
  else if (state.gpu_available)
    ImGui::Text("GPU %s present (choose it under Runs on)", state.device_name.c_str());
  else
    ImGui::TextUnformatted(state.backend_label.c_str());
}

}  // namespace

void draw_status_bar(const AppState& state, const MainLayout& layout) {
  set_next_window_rect(layout.status_bar);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, layout.status_bar_padding);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::GetStyleColorVec4(ImGuiCol_MenuBarBg));
  if (ImGui::Begin("##status_bar", nullptr, kStatusBarFlags)) {
    backend_text(state);
    for (const std::string& note : state.notes) {
      divider();
      ImGui::TextColored(warning_color(), "%s", note.c_str());
    }
    if (!state.status_message.empty()) {
      divider();
      ImGui::TextUnformatted(state.status_message.c_str());
    }

    char fps[48];
    std::snprintf(fps, sizeof fps, "H: keys   %.0f FPS", ImGui::GetIO().Framerate);
    const float fps_x = ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize(fps).x;
    ImGui::SameLine();
    // Right-aligned unless the notes already reach that far.
    if (ImGui::GetCursorPosX() < fps_x) ImGui::SetCursorPosX(fps_x);
    ImGui::TextDisabled("%s", fps);
  }
  ImGui::End();
  ImGui::PopStyleColor();
  ImGui::PopStyleVar(2);
}

}  // namespace wl::ui
