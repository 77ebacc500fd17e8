#include "ui/welcome_panel.h"

#include <imgui.h>

#include <algorithm>

#include "ui/theme.h"
#include "version.h"

namespace wl::ui {
namespace {

constexpr ImGuiWindowFlags kPanelFlags =
    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

constexpr const char* kIntro =
    "WarpLens shows what GPU reduction, scan and histogram kernels do, step by step. "
    "Each kernel variant runs on your GPU or in a CPU simulator and records what every "
    "thread does: which operation, on which value, at which memory address. WarpLens draws "
    "that trace so you can see why one variant is faster than another.";

constexpr const char* kViews[] = {
    "Reduction trees: which thread combines which values at every step.",
    "Warp divergence: which lanes sit idle while the others work.",
    "Memory traffic: coalesced and scattered loads, shared-memory bank conflicts.",
    "Metrics side by side: steps, active lanes, transactions per variant.",
};

// ImGui::Separator() spans the whole window; this rule stays within the text column.
void column_rule(float width) {
  const ImVec2 start = ImGui::GetCursorScreenPos();
  ImGui::GetWindowDrawList()->AddLine(start, ImVec2(start.x + width, start.y),
                                      ImGui::GetColorU32(ImGuiCol_Separator));
  ImGui::Dummy(ImVec2(width, 1.0f));
}

// BulletText() doesn't wrap; a group keeps wrapped lines aligned after the bullet.
void wrapped_bullet(const char* text) {
  ImGui::Bullet();  // also moves to the same line, leaving a gap
  ImGui::BeginGroup();
  ImGui::TextWrapped("%s", text);
  ImGui::EndGroup();
}

void draw_title(const AppState& state) {
  if (state.heading_font) ImGui::PushFont(state.heading_font);
  ImGui::TextColored(accent_color(), "WarpLens");
  if (state.heading_font) ImGui::PopFont();
  ImGui::TextDisabled("Version " WARPLENS_VERSION " \u00b7 a visual guide to parallel GPU kernels");
}

}  // namespace

void draw_welcome_panel(const AppState& state, const PanelRect& rect) {
  set_next_window_rect(rect);
  if (ImGui::Begin("Welcome", nullptr, kPanelFlags)) {
    // A readable measure: about 75 characters per line, centered in wide windows.
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float column = std::min(avail.x, 46.0f * ImGui::GetFontSize());
    const float indent = (avail.x - column) * 0.5f;
    ImGui::Dummy(ImVec2(0.0f, std::min(2.0f * ImGui::GetFontSize(), 0.05f * avail.y)));
    if (indent > 0.0f) ImGui::Indent(indent);  // Indent(0) would indent by the default amount
    ImGui::PushTextWrapPos(ImGui::GetCursorPos().x + column);

    draw_title(state);
    ImGui::Dummy(ImVec2(0.0f, 0.5f * ImGui::GetFontSize()));
    ImGui::TextWrapped("%s", kIntro);

    ImGui::Dummy(ImVec2(0.0f, 0.5f * ImGui::GetFontSize()));
    ImGui::TextColored(accent_color(), "What you will see");
    column_rule(column);
    for (const char* view : kViews) wrapped_bullet(view);

    ImGui::Dummy(ImVec2(0.0f, 0.5f * ImGui::GetFontSize()));
    ImGui::TextDisabled(
        "This build is the foundation: window, settings and GPU detection. Kernel variants, "
        "traces and their views arrive next.");

    ImGui::PopTextWrapPos();
    if (indent > 0.0f) ImGui::Unindent(indent);
  }
  ImGui::End();
}

}  // namespace wl::ui
