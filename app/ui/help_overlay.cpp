#include "ui/help_overlay.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "app_actions.h"
#include "ui/theme.h"

namespace wl::ui {
namespace {

struct Key {
  const char* keys;
  const char* what;
};
// The keys of a run, then (view_key_rows) the views', then the rest.
constexpr Key kRunKeys[] = {
    {"\u2190 / \u2192", "previous / next level"},
    {"Home / End", "first / last level"},
    {"Space", "play / pause"},
    {"Tab", "next variant"},
    {"C", "compare side by side (the same input, in lockstep)"},
};
constexpr Key kOtherKeys[] = {
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

void key_row(const char* keys, const char* what) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextColored(accent_color(), "%s", keys);
  ImGui::TableSetColumnIndex(1);
  ImGui::TextUnformatted(what);
}

// The digit keys of the views this run shows (each its own), five to a row: "1 / 2 / 3 / 4 / 5"
// beside "tree / dataflow / ...".
void view_key_rows(const AppState& state) {
  std::vector<ViewTab> keyed;
  for (const ViewTab& t : shown_views(state))
    if (t.key >= 0) keyed.push_back(t);
  for (std::size_t first = 0; first < keyed.size(); first += 5) {
    std::string keys, what;
    for (std::size_t k = first; k < std::min(keyed.size(), first + 5); ++k) {
      const char* sep = k == first ? "" : " / ";
      keys += sep + std::to_string(keyed[k].key);
      std::string title = keyed[k].view->title;
      title[0] = char(std::tolower(static_cast<unsigned char>(title[0])));
      what += sep + title;
    }
    key_row(keys.c_str(), what.c_str());
  }
}

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
      for (const Key& k : kRunKeys) key_row(k.keys, k.what);
      view_key_rows(state);
      for (const Key& k : kOtherKeys) key_row(k.keys, k.what);
      ImGui::EndTable();
    }
    ImGui::Spacing();
    ImGui::TextDisabled("Mouse: wheel zooms the tree, drag pans, double-click fits; hover anything for details.");
  }
  ImGui::End();
}

}  // namespace wl::ui
