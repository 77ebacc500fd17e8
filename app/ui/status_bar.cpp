#include "ui/status_bar.h"

#include <imgui.h>

#include <cstdio>
#include <string>

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

// The status bar is one line: texts stop short of the right edge (the keys and FPS), shortened at a
// word with "..." where they do not fit, the whole text in a tooltip. False once one was shortened:
// nothing after it fits.
float g_limit = 0.0f;  // this frame's right edge for texts, in window coordinates
bool fitted(const ImVec4* color, bool disabled, const std::string& text) {
  const float room = g_limit - ImGui::GetCursorPosX();
  std::string shown = text;
  const bool fits = ImGui::CalcTextSize(text.c_str()).x <= room;
  if (!fits) {
    do {
      const std::size_t space = shown.find_last_of(' ');
      shown = space == std::string::npos ? std::string() : shown.substr(0, space);
    } while (!shown.empty() && ImGui::CalcTextSize((shown + "...").c_str()).x > room);
    shown += "...";
    if (ImGui::CalcTextSize(shown.c_str()).x > room) return false;
  }
  if (color) ImGui::TextColored(*color, "%s", shown.c_str());
  else if (disabled) ImGui::TextDisabled("%s", shown.c_str());
  else ImGui::TextUnformatted(shown.c_str());
  if (!fits && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
  return fits;
}

bool divider() {
  ImGui::SameLine();
  if (g_limit - ImGui::GetCursorPosX() < ImGui::CalcTextSize("| ...").x) return false;
  ImGui::TextDisabled("|");
  ImGui::SameLine();
  return true;
}

// Where the shown run actually ran: the GPU (by name), or the simulator and why.
bool backend_text(const AppState& state) {
  const ShownRun* o = state.sessions[0].outcome();
  const TraceViews* v = state.sessions[0].views();
  const std::string backend = v ? v->trace.meta.backend : (o ? o->result.backend : "");
  if (backend == "gpu") {
    status_dot(accent_color());
    if (state.device_name.empty()) return fitted(nullptr, false, "Backend: GPU (a recorded trace: this machine has no GPU)");
    return fitted(nullptr, false, "Backend: GPU, " + state.device_name);
  }
  status_dot(state.gpu_available ? accent_color() : warning_color());
  if (!fitted(nullptr, false, "Backend: CPU simulator") || !divider()) return false;
  const ImVec4 warn = warning_color();
  if (o && o->note.rfind("GPU failed", 0) == 0) return fitted(&warn, false, o->note);
  if (state.gpu_available) return fitted(nullptr, false, "GPU " + state.device_name + " present (choose it under Runs on)");
  return fitted(nullptr, false, state.backend_label);
}

}  // namespace

void draw_status_bar(const AppState& state, const MainLayout& layout) {
  set_next_window_rect(layout.status_bar);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, layout.status_bar_padding);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::GetStyleColorVec4(ImGuiCol_MenuBarBg));
  if (ImGui::Begin("##status_bar", nullptr, kStatusBarFlags)) {
    char fps[48];
    std::snprintf(fps, sizeof fps, "H: keys   %.0f FPS", ImGui::GetIO().Framerate);
    const float fps_x = ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize(fps).x;
    g_limit = fps_x - ImGui::GetFontSize();  // a gap before the keys
    bool room = backend_text(state);
    const ImVec4 warn = warning_color();
    for (const std::string& note : state.notes) room = room && divider() && fitted(&warn, false, note);
    if (!state.status_message.empty()) room = room && divider() && fitted(nullptr, false, state.status_message);
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
