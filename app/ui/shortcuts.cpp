#include "ui/shortcuts.h"

#include <imgui.h>
#include <imgui_internal.h>  // MarkIniSettingsDirty: the zoom is remembered in imgui.ini
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <optional>

#include "app_actions.h"
#include "platform/key_latch.h"

namespace wl::ui {
namespace {

// ImGui 1.86 indexes keys by GLFW key code. A tap shorter than a frame reaches ImGui as no
// press at all: the latch (platform/key_latch.h) has it.
bool pressed(int key, bool repeat = false) {
  return ImGui::IsKeyPressed(key, repeat) || key_pressed_since_last_frame(key);
}

void zoom_trees(AppState& state, float factor) {
  for (TreeCamera& cam : state.cameras) {
    cam.zoom = std::max(1.0f, cam.zoom * factor);
    if (factor == 0.0f) cam = TreeCamera{};
  }
}

// Ctrl + / Ctrl - / Ctrl 0: the whole UI's zoom, on top of the monitor's scale and presenter
// mode, remembered with the theme.
void handle_zoom_keys(AppState& state) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || !io.KeyCtrl || io.KeyAlt || io.KeySuper) return;
  float zoom = state.preferences.zoom;
  if (pressed(GLFW_KEY_EQUAL, true) || pressed(GLFW_KEY_KP_ADD, true)) zoom = zoom_in(zoom);
  if (pressed(GLFW_KEY_MINUS, true) || pressed(GLFW_KEY_KP_SUBTRACT, true)) zoom = zoom_out(zoom);
  if (pressed(GLFW_KEY_0) || pressed(GLFW_KEY_KP_0)) zoom = 1.0f;
  set_zoom(state, zoom);
}

}  // namespace

void set_zoom(AppState& state, float zoom) {
  zoom = clamp_zoom(zoom);
  if (zoom == state.preferences.zoom) return;
  state.preferences.zoom = zoom;
  state.requested_ui_scale = state.unzoomed_ui_scale();
  ImGui::MarkIniSettingsDirty();
}

void choose_theme(AppState& state, Theme theme) {
  if (theme == state.theme && theme == state.preferences.theme) return;
  state.theme = state.preferences.theme = theme;
  state.requested_ui_scale = state.unzoomed_ui_scale();  // the style is rebuilt with the fonts
  ImGui::MarkIniSettingsDirty();
}

static void handle_keys(AppState& state);

void handle_shortcuts(AppState& state) {
  handle_zoom_keys(state);
  handle_keys(state);
  clear_key_presses();  // each press acts once, in the frame after it
}

static void handle_keys(AppState& state) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || io.KeyCtrl || io.KeyAlt || io.KeySuper) return;
  Playback& p = state.playback;
  if (pressed(GLFW_KEY_RIGHT, true)) p.forward();
  if (pressed(GLFW_KEY_LEFT, true)) p.back();
  if (pressed(GLFW_KEY_HOME) && !p.empty()) p.go_to(p.steps().front());
  if (pressed(GLFW_KEY_END) && !p.empty()) p.go_to(p.steps().back());
  if (pressed(GLFW_KEY_SPACE)) p.toggle();
  if (pressed(GLFW_KEY_TAB)) next_variant(state);
  if (pressed(GLFW_KEY_C)) toggle_compare(state);
  if (pressed(GLFW_KEY_F)) {
    state.fullscreen = !state.fullscreen;
    state.fullscreen_changed = true;
  }
  if (pressed(GLFW_KEY_P)) {
    state.presenter = !state.presenter;
    state.requested_ui_scale = state.unzoomed_ui_scale();
    state.fullscreen = state.presenter;  // presenting fills the screen; leaving it gives it back
    state.fullscreen_changed = true;
  }
  const bool question = io.KeyShift && pressed(GLFW_KEY_SLASH);
  if (pressed(GLFW_KEY_H) || pressed(GLFW_KEY_F1) || question) state.show_help = !state.show_help;
  if (pressed(GLFW_KEY_ESCAPE)) {
    if (state.show_help) {
      state.show_help = false;
    } else if (state.presenter) {
      state.presenter = false;
      state.requested_ui_scale = state.unzoomed_ui_scale();
      state.fullscreen = false;
      state.fullscreen_changed = true;
    }
  }
  // A digit shows the view with that key among those shown (each has its own: view_tabs).
  const std::vector<ViewTab> tabs = shown_views(state);
  for (int digit = 0; digit <= 9; ++digit)
    if (pressed(GLFW_KEY_0 + digit))
      if (const ViewDecl* view = view_of_key(tabs, digit)) state.view = view;
  if (pressed(GLFW_KEY_EQUAL, true) || pressed(GLFW_KEY_KP_ADD, true)) zoom_trees(state, 1.25f);
  if (pressed(GLFW_KEY_MINUS, true) || pressed(GLFW_KEY_KP_SUBTRACT, true)) zoom_trees(state, 0.8f);
  if (pressed(GLFW_KEY_0)) zoom_trees(state, 0.0f);
  if (pressed(GLFW_KEY_Z)) {  // zoom onto the current level, or back out
    const bool zoomed = state.cameras[0].zoom > 1.0f;
    for (TreeCamera& cam : state.cameras) {
      cam = TreeCamera{};
      cam.focus_level = !zoomed;
    }
  }
  if (pressed(GLFW_KEY_PAGE_DOWN)) next_slide(state);
  if (pressed(GLFW_KEY_PAGE_UP)) previous_slide(state);
}

}  // namespace wl::ui
