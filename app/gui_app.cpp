// The interactive side of the desktop program, as Dear ImGui's examples write it: open the
// window, then per frame poll input, update the runs, draw, show. What the command line asks
// of the frames (screenshot, exports, benchmark, state log) is HeadlessDriver's.
#include "gui_app.h"

#include <imgui.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include "app_actions.h"
#include "app_state.h"
#include "backend_label.h"
#include "data_dirs.h"
#include "exports.h"
#include "headless_driver.h"
#include "kernels/device/device_info.h"
#include "platform/imgui_layer.h"
#include "platform/window.h"
#include "render/gl_renderer.h"
#include "settings.h"
#include "settings_handler.h"
#include "start_state.h"
#include "ui/fonts.h"
#include "ui/main_screen.h"
#include "ui/theme.h"

namespace wl {
namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "warplens: %s\n", message.c_str());
  return 1;
}

// Fonts and style both depend on the scale; rebuilt together, in the theme in effect. `scale`
// is before the zoom.
void apply_ui_scale(AppState& state, float scale) {
  scale *= state.preferences.zoom;
  state.ui_scale = scale;
  ui::set_theme(state.theme);
  const ui::UiFonts fonts = ui::load_ui_fonts(scale);
  state.heading_font = fonts.heading;
  state.mono_font = fonts.mono;
  state.caption_font = fonts.caption;
  ui::apply_theme(scale);
}

// Presenter text is sized by the window's height (presenter_scale): a window that changed
// height (fullscreen on a projector, a resize) asks for the scale of its new height.
void follow_window_height(AppState& state, const Window& window) {
  int width = 0, height = 0;
  window.framebuffer_size(width, height);
  state.window_lines = float(height) / std::max(state.monitor_scale, 0.25f);
  const float wanted = state.unzoomed_ui_scale() * state.preferences.zoom;
  if (state.presenter && state.requested_ui_scale <= 0.0f && std::fabs(wanted - state.ui_scale) > 0.01f)
    state.requested_ui_scale = state.unzoomed_ui_scale();
}

// An idle window sleeps until an event (a laptop on battery, a shared lab machine): it draws on
// while levels play or a run is under way, and for a few frames after each event, so ImGui's
// hovers and popups settle; asleep, it still wakes a few times a second to see a lab file saved.
constexpr int kSettleFrames = 3;             // ImGui needs two frames after an input to redraw what it changed
constexpr double kIdleWakeSeconds = 0.25;  // how late a saved lab file or a finished export may show

bool animating(const AppState& state) {
  if (state.playback.playing() || state.timing.worker.busy()) return true;
  for (const Session& s : state.sessions)
    if (s.busy() || s.building_views()) return true;
  return false;
}

bool quit_shortcut_pressed() {
  // ImGui 1.86 indexes keys by GLFW key code.
  return ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_Q, false);
}

}  // namespace

int run_gui(const GuiOptions& options) {
  HeadlessDriver driver(options);
  std::string error = driver.check_output();
  if (!error.empty()) return fail(error);

  const Settings settings = open_settings();  // outlives ImGui: it owns the ini path
  AppState state;
  const DeviceInfo device = query_device();
  state.gpu_available = device.available;
  state.device_name = device.name;
  state.backend_label = backend_label(device);
  if (!settings.note.empty()) state.notes.push_back(settings.note);
  if (assets_dir().empty()) {  // no lessons or profiles: say why, in the window and to a terminal
    state.notes.push_back(missing_data_message(DataKind::Assets));
    std::fprintf(stderr, "warplens: %s\n", state.notes.back().c_str());
  }

  if (const std::string problem = apply_start_options(state, options.start); !problem.empty()) return fail(problem);
  if (const std::string problem = driver.prepare(state); !problem.empty()) return fail(problem);
  const bool headless = driver.headless();
  // The start was asked for on the command line; later runs from the window ask before a big one.
  for (Session& s : state.sessions) s.ask_before_big_runs = !headless;

  WindowConfig config;
  config.width = options.size.width;
  config.height = options.size.height;
  config.fit_to_monitor = !options.size_given && !headless;
  config.vsync = !headless;
  Window window;
  if (!window.open(config, error)) return fail(error);

  ImGuiLayer imgui;
  if (!imgui.init(window.handle(), settings.ini_filename(), error)) return fail(error);
  // The preferences are read now, not in the first frame, so it has their theme and zoom.
  install_preferences_handler(&state.preferences);
  if (settings.ini_filename()) ImGui::LoadIniSettingsFromDisk(settings.ini_filename());
  state.theme = options.theme.value_or(state.preferences.theme);  // --theme: this run only

  GlRenderer gl;
  if (!gl.init(error)) state.notes.push_back("GL renderer unavailable (" + error + "): slower drawing");

  state.monitor_scale = window.content_scale();
  state.base_ui_scale = options.ui_scale.value_or(state.monitor_scale);
  apply_ui_scale(state, state.unzoomed_ui_scale());
  // --presenter fills the screen, except in headless runs, which keep the size asked for.
  if (state.presenter && !headless) {
    state.fullscreen = true;
    state.fullscreen_changed = true;
  }

  double last_time = glfwGetTime();
  int settle_frames = kSettleFrames;
  while (!window.should_close() && !state.quit_requested) {
    driver.frame_begins();
    if (headless || animating(state) || settle_frames > 0) {
      window.poll_events();
      if (settle_frames > 0) --settle_frames;
    } else if (window.wait_events(kIdleWakeSeconds)) {
      settle_frames = kSettleFrames;
    }
    follow_window_height(state, window);
    if (state.requested_ui_scale > 0.0f) {
      apply_ui_scale(state, state.requested_ui_scale);
      imgui.upload_fonts_texture();
      state.requested_ui_scale = 0.0f;
    }
    if (state.fullscreen_changed) {
      window.set_fullscreen(state.fullscreen);
      state.fullscreen_changed = false;
    }
    const double now = glfwGetTime();
    state.playback.advance(now - last_time);
    last_time = now;
    driver.steer(state);
    watch_lab_file(state);
    watch_program_files(state);
    update_sessions(state);

    gl.begin_frame();
    imgui.new_frame(headless);
    ui::draw_main_screen(state, gl);
    if (quit_shortcut_pressed()) state.quit_requested = true;
    const ImVec4 bg = ui::background_color();
    window.clear(bg.x, bg.y, bg.z);
    imgui.render();
    if (const std::optional<int> exit_code = driver.frame_drawn(state, window, bg.x, bg.y, bg.z)) return *exit_code;
    run_exports(state, bg.x, bg.y, bg.z);  // File > Export: failures show in the banner
    window.swap_buffers();
    if (driver.frame_shown(state)) break;
  }
  return driver.finish(state, gl.shapes_this_frame());
}

}  // namespace wl
