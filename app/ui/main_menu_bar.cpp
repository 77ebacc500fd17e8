#include "ui/main_menu_bar.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app_actions.h"
#include "assets_dir.h"
#include "export_gif.h"
#include "ui/lesson_groups.h"
#include "ui/shortcuts.h"

namespace wl::ui {
namespace {

constexpr float kScaleChoices[] = {0.75f, 1.0f, 1.25f, 1.5f, 1.75f, 2.0f, 2.5f, 3.0f};

enum class PathPrompt { None, OpenTrace, ExportPng, ExportJson, OpenLesson, SaveTrace, ViewPng, ViewFrames, ViewGif };
PathPrompt g_prompt = PathPrompt::None;
bool g_prompt_opened = false;
std::string g_path;
int g_png_scale = 1;  // 1 or 2
int g_gif_delay_ms = 1000;  // a GIF frame's time on screen

bool same_scale(float a, float b) { return std::fabs(a - b) < 0.01f; }

void draw_ui_scale_menu(AppState& state) {
  if (!ImGui::BeginMenu("UI scale")) return;
  char label[64];
  std::snprintf(label, sizeof label, "Match monitor (%.0f%%)", state.monitor_scale * 100.0f);
  if (ImGui::MenuItem(label, nullptr, same_scale(state.base_ui_scale, state.monitor_scale))) {
    state.base_ui_scale = state.monitor_scale;
    state.requested_ui_scale = state.unzoomed_ui_scale();
  }
  ImGui::Separator();
  for (const float scale : kScaleChoices) {
    std::snprintf(label, sizeof label, "%.0f%%", scale * 100.0f);
    if (ImGui::MenuItem(label, nullptr, same_scale(state.base_ui_scale, scale))) {
      state.base_ui_scale = scale;
      state.requested_ui_scale = state.unzoomed_ui_scale();
    }
  }
  ImGui::Separator();
  std::snprintf(label, sizeof label, "Zoom: %.0f%%", state.preferences.zoom * 100.0f);
  ImGui::TextDisabled("%s", label);
  if (ImGui::MenuItem("Zoom in", "Ctrl +", false, state.preferences.zoom < kMaxZoom))
    set_zoom(state, zoom_in(state.preferences.zoom));
  if (ImGui::MenuItem("Zoom out", "Ctrl -", false, state.preferences.zoom > kMinZoom))
    set_zoom(state, zoom_out(state.preferences.zoom));
  if (ImGui::MenuItem("Reset zoom", "Ctrl 0", false, state.preferences.zoom != 1.0f)) set_zoom(state, 1.0f);
  ImGui::EndMenu();
}

void draw_theme_menu(AppState& state) {
  if (!ImGui::BeginMenu("Theme")) return;
  if (ImGui::MenuItem("Dark", nullptr, state.theme == Theme::Dark)) choose_theme(state, Theme::Dark);
  if (ImGui::MenuItem("Light (projectors)", nullptr, state.theme == Theme::Light)) choose_theme(state, Theme::Light);
  ImGui::EndMenu();
}

std::string default_name(const AppState& state, const char* extension) {
  return "warplens-" + state.sessions[0].settings.request.variant + "-" + state.view->id + extension;
}

void prompt(PathPrompt kind, std::string initial) {
  g_prompt = kind;
  g_prompt_opened = false;
  g_path = std::move(initial);
}

// A small modal asking for a file path (no native file dialog: nothing more to depend on).
void draw_path_prompt(AppState& state) {
  if (g_prompt == PathPrompt::None) return;
  const char* titles[] = {"", "Open a trace file", "Export a PNG of the window", "Export the trace as JSON",
                          "Open a lesson file", "Save the trace", "Export the view as PNG",
                          "Export every level as PNG frames (%03d: the level's number)", "Export the levels as a GIF"};
  const char* title = titles[int(g_prompt)];
  if (!g_prompt_opened) {
    ImGui::OpenPopup(title);
    g_prompt_opened = true;
  }
  if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    g_prompt = PathPrompt::None;
    return;
  }
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 30.0f);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  bool accept = ImGui::InputText("path", &g_path, ImGuiInputTextFlags_EnterReturnsTrue);
  if (g_prompt == PathPrompt::ExportPng) {
    ImGui::RadioButton("window size", &g_png_scale, 1);
    ImGui::SameLine();
    ImGui::RadioButton("twice the size", &g_png_scale, 2);
  }
  if (g_prompt == PathPrompt::ViewGif) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
    ImGui::InputInt("ms per level", &g_gif_delay_ms, 250, 1000);
    g_gif_delay_ms = std::clamp(g_gif_delay_ms, 10, 60000);
  }
  accept |= ImGui::Button("OK");
  ImGui::SameLine();
  const bool cancel = ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
  if (accept && !g_path.empty()) {
    switch (g_prompt) {
      case PathPrompt::OpenTrace: state.sessions[0].load_trace(g_path); break;
      case PathPrompt::ExportPng:
        state.export_png_path = g_path;
        state.export_png_scale = float(g_png_scale);
        break;
      case PathPrompt::ExportJson: state.export_json_path = g_path; break;
      case PathPrompt::OpenLesson: open_lesson(state, g_path); break;
      case PathPrompt::SaveTrace: state.export_trace_path = g_path; break;
      case PathPrompt::ViewPng:
      case PathPrompt::ViewFrames:
      case PathPrompt::ViewGif: {  // carried out over the next frames: export_view.h
        ViewExportRequest request;
        (g_prompt == PathPrompt::ViewPng ? request.png : g_prompt == PathPrompt::ViewFrames ? request.frames : request.gif) = g_path;
        request.delay_ms = g_gif_delay_ms;
        state.export_view.request = request;
        state.export_view.pending = true;
        break;
      }
      case PathPrompt::None: break;
    }
  }
  if (accept || cancel) {
    g_prompt = PathPrompt::None;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

void draw_lessons_menu(AppState& state) {
  if (!ImGui::BeginMenu("Lessons")) return;
  const std::vector<LessonGroup> groups = lesson_groups(lessons_dir());
  for (const LessonGroup& group : groups) {
    if (&group != &groups.front()) ImGui::Separator();
    ImGui::TextDisabled("%s", group.heading.c_str());
    for (const LessonEntry& lesson : group.lessons)
      if (ImGui::MenuItem(lesson.title.c_str())) open_lesson(state, lesson.path);
  }
  if (lessons_dir().empty())
    ImGui::TextDisabled("%s", missing_data_message(DataKind::Assets).c_str());
  else if (groups.empty())
    ImGui::TextDisabled("no lessons in %s", lessons_dir().c_str());
  ImGui::Separator();
  if (ImGui::MenuItem("Open a lesson file...")) prompt(PathPrompt::OpenLesson, lessons_dir() + "/");
  if (ImGui::MenuItem("Next slide", "PageDown", false, state.lesson.active())) next_slide(state);
  if (ImGui::MenuItem("Previous slide", "PageUp", false, state.lesson.active())) previous_slide(state);
  if (ImGui::MenuItem("Close the lesson", nullptr, false, state.lesson.active())) state.lesson.close();
  ImGui::EndMenu();
}

}  // namespace

void draw_main_menu_bar(AppState& state) {
  if (ImGui::BeginMainMenuBar()) {
    if (ImGui::BeginMenu("File")) {
      if (ImGui::MenuItem("Open a trace file...")) prompt(PathPrompt::OpenTrace, "trace.wltrace");
      if (ImGui::MenuItem("Export PNG of the window...")) prompt(PathPrompt::ExportPng, default_name(state, ".png"));
      const bool levels = state.sessions[0].views() != nullptr && !state.view->sweeps;
      const bool idle = !state.export_view.running && !state.export_view.pending;
      if (ImGui::MenuItem("Export view as PNG...", nullptr, false, idle))
        prompt(PathPrompt::ViewPng, default_name(state, "-view.png"));
      if (ImGui::MenuItem("Export every level as PNG frames...", nullptr, false, idle && levels))
        prompt(PathPrompt::ViewFrames, default_name(state, "-%03d.png"));
      if (ImGui::MenuItem("Export levels as GIF...", nullptr, false, idle && levels && gif_export_available()))
        prompt(PathPrompt::ViewGif, default_name(state, ".gif"));
      if (!gif_export_available() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("%s", kGifNeedsGiflib);
      if (ImGui::MenuItem("Export the trace as JSON...", nullptr, false, state.sessions[0].views() != nullptr))
        prompt(PathPrompt::ExportJson, default_name(state, ".json"));
      if (ImGui::MenuItem("Save the trace (.wltrace)...", nullptr, false, state.sessions[0].views() != nullptr))
        prompt(PathPrompt::SaveTrace, "warplens-" + state.sessions[0].settings.request.variant + ".wltrace");
      ImGui::Separator();
      if (ImGui::MenuItem("Quit", "Ctrl+Q")) state.quit_requested = true;
      ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("View")) {
      for (const ViewTab& t : shown_views(state)) {
        char key[12] = "";
        if (t.key >= 0) std::snprintf(key, sizeof key, "%d", t.key);
        if (ImGui::MenuItem(t.view->title, key, state.view == t.view)) state.view = t.view;
      }
      ImGui::Separator();
      if (ImGui::MenuItem("Compare side by side", "C", state.compare)) toggle_compare(state);
      if (ImGui::MenuItem("Presenter mode", "P", state.presenter)) {
        state.presenter = !state.presenter;
        state.requested_ui_scale = state.unzoomed_ui_scale();
        state.fullscreen = state.presenter;
        state.fullscreen_changed = true;
      }
      if (ImGui::MenuItem("Fullscreen", "F", state.fullscreen)) {
        state.fullscreen = !state.fullscreen;
        state.fullscreen_changed = true;
      }
      draw_theme_menu(state);
      draw_ui_scale_menu(state);
      ImGui::EndMenu();
    }
    draw_lessons_menu(state);
    if (ImGui::BeginMenu("Help")) {
      if (ImGui::MenuItem("Keys", "H", state.show_help)) state.show_help = !state.show_help;
      ImGui::EndMenu();
    }
    ImGui::EndMainMenuBar();
  }
  draw_path_prompt(state);
}

}  // namespace wl::ui
