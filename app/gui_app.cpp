#include "gui_app.h"

#include <imgui.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cstdio>
#include <optional>
#include <string>

#include "app_actions.h"
#include "app_state.h"
#include "backend_label.h"
#include "exports.h"
#include "frame_timer.h"
#include "kernels/device/device_info.h"
#include "platform/imgui_layer.h"
#include "platform/window.h"
#include "probe_log.h"
#include "render/gl_renderer.h"
#include "screenshot.h"
#include "settings.h"
#include "start_state.h"
#include "state_log.h"
#include "ui/fonts.h"
#include "ui/main_screen.h"
#include "ui/theme.h"

namespace wl {
namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "warplens: %s\n", message.c_str());
  return 1;
}

// Fonts and style both depend on the scale; rebuilt together.
void apply_ui_scale(AppState& state, float scale) {
  state.ui_scale = scale;
  const ui::UiFonts fonts = ui::load_ui_fonts(scale);
  state.heading_font = fonts.heading;
  state.mono_font = fonts.mono;
  state.caption_font = fonts.caption;
  if (!fonts.note.empty() && state.notes.empty()) state.notes.push_back(fonts.note);
  ui::apply_theme(scale);
}

bool quit_shortcut_pressed() {
  // ImGui 1.86 indexes keys by GLFW key code.
  return ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_Q, false);
}

std::string run_problem(const AppState& state) {
  for (int side = 0; side < (state.compare ? 2 : 1); ++side) {
    const Session& s = state.sessions[side];
    if (!s.settings_error().empty()) return s.settings_error();
    if (s.outcome() && !s.outcome()->ok() && s.outcome()->problem != RunProblem::TraceFile)
      return s.outcome()->message;
  }
  return {};
}

}  // namespace

int run_gui(const GuiOptions& options) {
  const bool screenshot_mode = !options.screenshot_path.empty();
  const bool bench_mode = options.bench_frames > 0;
  const bool headless = screenshot_mode || bench_mode;
  std::string error;
  if (screenshot_mode && !check_screenshot_path(options.screenshot_path, error)) return fail(error);

  const Settings settings = open_settings();  // outlives ImGui: it owns the ini path
  AppState state;
  const DeviceInfo device = probe_device();
  state.gpu_available = device.available;
  state.device_name = device.name;
  state.backend_label = backend_label(device);
  if (!settings.note.empty()) state.notes.push_back(settings.note);

  if (const std::string problem = apply_start_options(state, options.start); !problem.empty()) return fail(problem);
  if (headless) {
    finish_sessions(state);  // show finished runs from the first frame
    // A screenshot of something that cannot run would be a picture of an error: say so.
    if (const std::string problem = run_problem(state); !problem.empty() && screenshot_mode) return fail(problem);
  }

  WindowConfig config;
  config.width = options.size.width;
  config.height = options.size.height;
  config.fit_to_monitor = !options.size_given && !headless;
  config.vsync = !headless;
  Window window;
  if (!window.open(config, error)) return fail(error);

  ImGuiLayer imgui;
  if (!imgui.init(window.handle(), settings.ini_filename(), error)) return fail(error);

  GlRenderer gl;
  if (!gl.init(error)) state.notes.push_back("GL renderer unavailable (" + error + "): slower drawing");

  state.monitor_scale = window.content_scale();
  state.base_ui_scale = options.ui_scale.value_or(state.monitor_scale);
  apply_ui_scale(state, state.presenter ? state.base_ui_scale * 1.5f : state.base_ui_scale);
  // --presenter fills the screen, except in headless runs, which keep the size asked for.
  if (state.presenter && !headless) {
    state.fullscreen = true;
    state.fullscreen_changed = true;
  }

  ProbeLog probes;
  if ((screenshot_mode && !options.probes_path.empty()) || !options.state_path.empty()) state.probes = &probes;
  std::optional<StateLog> state_log;
  if (!options.state_path.empty()) state_log.emplace(options.state_path);
  FrameTimer timer;
  // The first frames compile shaders and upload the font atlas: not what a frame costs.
  constexpr int kBenchWarmupFrames = 10;
  double last_time = glfwGetTime();

  int sweep_settling = 0;  // frames to draw after a live sweep ends, so the screenshot shows it
  for (int frame = 1; !window.should_close() && !state.quit_requested; ++frame) {
    const bool timed = bench_mode && frame > kBenchWarmupFrames;
    if (timed) timer.begin();
    window.poll_events();
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
    if (bench_mode) {  // walk the levels: every frame draws a new one
      if (state.playback.index() + 1 >= state.playback.steps().size() && !state.playback.empty())
        state.playback.go_to(state.playback.steps().front());
      else
        state.playback.forward();
    }
    update_sessions(state);

    gl.begin_frame();
    probes.clear();
    imgui.new_frame(headless);
    ui::draw_main_screen(state, gl);
    if (quit_shortcut_pressed()) state.quit_requested = true;
    const ImVec4 bg = ui::background_color();
    window.clear(bg.x, bg.y, bg.z);
    imgui.render();
    // --sweep: the screenshot waits for the live sweep, then draws its result.
    if (state.timing.sweep_requested || state.timing.worker.busy()) sweep_settling = 3;
    else if (sweep_settling > 0) --sweep_settling;
    const bool last_frame = screenshot_mode && frame >= options.frames && sweep_settling == 0;
    if (last_frame) {  // --export-*: of the frame the screenshot shows
      state.export_png_path = options.exports.png;
      state.export_png_scale = options.exports.png_scale;
      state.export_json_path = options.exports.json;
      state.export_trace_path = options.exports.trace;
      state.export_timing_csv_path = options.exports.timing_csv;
    }
    if (state_log) {
      int width = 0, height = 0;
      window.framebuffer_size(width, height);
      state_log->update(state, width, height, probes);
    }
    const std::string export_error = run_exports(state, bg.x, bg.y, bg.z);
    if (last_frame && !export_error.empty()) return fail(export_error);

    if (last_frame) {
      int width = 0, height = 0;
      window.framebuffer_size(width, height);
      if (width != options.size.width || height != options.size.height)
        std::fprintf(stderr, "warplens: note: the window is %dx%d pixels, not the %dx%d asked for\n",
                     width, height, options.size.width, options.size.height);
      if (!save_back_buffer_png(options.screenshot_path, width, height, error)) return fail(error);
      if (!options.probes_path.empty() && !probes.write_json(options.probes_path, width, height, error)) return fail(error);
      std::printf("warplens: wrote %s (%dx%d)\n", options.screenshot_path.c_str(), width, height);
      if (!state.banner.empty()) std::printf("warplens: the app showed: %s\n", state.banner.c_str());
      return 0;
    }
    window.swap_buffers();
    if (timed) {
      timer.end();
      if (int(timer.frames()) >= options.bench_frames) break;
    }
  }
  if (bench_mode) {
    const TraceViews* v = state.sessions[0].views();
    std::printf("warplens: bench: %s, view %s%s\n", v ? v->trace.meta.variant.c_str() : "(no run)",
                view_name(state.view), state.compare ? " (compare)" : "");
    if (v)
      std::printf("warplens: bench: trace of %zu events, %zu recorded blocks x %u threads, %zu shapes last frame\n",
                  v->trace.events.size(), v->blocks.size(), v->trace.meta.block_dim, gl.shapes_this_frame());
    std::printf("warplens: bench: after %d warm-up frames, %s\n", kBenchWarmupFrames, timer.summary().c_str());
  }
  return 0;
}

}  // namespace wl
