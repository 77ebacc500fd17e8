#include "ui/help_overlay.h"

#include <imgui.h>

#include "ui/theme.h"

namespace wl::ui {
namespace {

struct Key {
  const char* keys;
  const char* what;
};
constexpr Key kKeys[] = {
    {"\u2190 / \u2192", "previous / next level"},
    {"Home / End", "first / last level"},
    {"Space", "play / pause"},
    {"Tab", "next variant"},
    {"C", "compare side by side (the same input, in lockstep)"},
    {"1 ... 9", "tree, dataflow, divergence, banks, memory, source, metrics, timing, look-back (scans) or bins (histograms)"},
    {"1 / 0 / 9 (rows)", "numerics / rows to threads / online rescale; 9 again: welford tree (a shared key takes turns)"},
    {"F", "fullscreen"},
    {"P", "presenter mode: large text, side panel hidden"},
    {"+ / - / 0", "zoom the tree in / out / fit"},
    {"Z", "zoom the tree onto the current level (again: the whole tree)"},
    {"Ctrl + / Ctrl - / Ctrl 0", "zoom the whole UI in / out / back to 100% (remembered)"},
    {"PageDown / PageUp", "next / previous lesson slide"},
    {"H, F1 or ?", "this help"},
    {"Esc", "close this help, leave presenter mode"},
    {"Ctrl+Q", "quit"},
};

}  // namespace

void draw_help_overlay(AppState& state) {
  if (!state.show_help) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
                          ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(1.0f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove;
  if (ImGui::Begin("Keys", &state.show_help, flags)) {
    ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(ImGui::GetFontSize() * 0.8f, 3.0f * state.ui_scale));
    const bool table = ImGui::BeginTable("##keys", 2, ImGuiTableFlags_SizingFixedFit);
    ImGui::PopStyleVar();
    if (table) {
      for (const Key& k : kKeys) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextColored(accent_color(), "%s", k.keys);
        ImGui::TableSetColumnIndex(1);
        ImGui::TextUnformatted(k.what);
      }
      ImGui::EndTable();
    }
    ImGui::Spacing();
    ImGui::TextDisabled("Mouse: wheel zooms the tree, drag pans, double-click fits; hover anything for details.");
  }
  ImGui::End();
}

}  // namespace wl::ui
