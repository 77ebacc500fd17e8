#include "gui_app.h"

#include <imgui.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cstdio>
#include <string>

#include "app_state.h"
#include "backend_label.h"
#include "kernels/device/device_info.h"
#include "platform/imgui_layer.h"
#include "platform/window.h"
#include "screenshot.h"
#include "settings.h"
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
  if (!fonts.note.empty() && state.notes.empty()) state.notes.push_back(fonts.note);
  ui::apply_theme(scale);
}

bool quit_shortcut_pressed() {
  // ImGui 1.86 indexes keys by GLFW key code.
  return ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_Q, false);
}

}  // namespace

int run_gui(const GuiOptions& options) {
  const bool screenshot_mode = !options.screenshot_path.empty();
  std::string error;
  if (screenshot_mode && !check_screenshot_path(options.screenshot_path, error))
    return fail(error);

  const Settings settings = open_settings();  // outlives ImGui: it owns the ini path
  AppState state;
  const DeviceInfo device = probe_device();
  state.gpu_available = device.available;
  state.backend_label = backend_label(device);
  if (!settings.note.empty()) state.notes.push_back(settings.note);

  WindowConfig config;
  config.width = options.size.width;
  config.height = options.size.height;
  config.fit_to_monitor = !options.size_given && !screenshot_mode;
  config.vsync = !screenshot_mode;
  Window window;
  if (!window.open(config, error)) return fail(error);

  ImGuiLayer imgui;
  if (!imgui.init(window.handle(), settings.ini_filename(), error)) return fail(error);

  state.monitor_scale = window.content_scale();
  apply_ui_scale(state, options.ui_scale.value_or(state.monitor_scale));

  for (int frame = 1; !window.should_close() && !state.quit_requested; ++frame) {
    window.poll_events();
    if (state.requested_ui_scale > 0.0f) {
      apply_ui_scale(state, state.requested_ui_scale);
      imgui.upload_fonts_texture();
      state.requested_ui_scale = 0.0f;
    }

    imgui.new_frame();
    ui::draw_main_screen(state);
    if (quit_shortcut_pressed()) state.quit_requested = true;
    const ImVec4 bg = ui::background_color();
    window.clear(bg.x, bg.y, bg.z);
    imgui.render();

    if (screenshot_mode && frame >= options.frames) {
      int width = 0, height = 0;
      window.framebuffer_size(width, height);
      if (width != options.size.width || height != options.size.height)
        std::fprintf(stderr, "warplens: note: the window is %dx%d pixels, not the %dx%d asked for\n",
                     width, height, options.size.width, options.size.height);
      if (!save_back_buffer_png(options.screenshot_path, width, height, error)) return fail(error);
      std::printf("warplens: wrote %s (%dx%d)\n", options.screenshot_path.c_str(), width, height);
      return 0;
    }
    window.swap_buffers();
  }
  return 0;
}

}  // namespace wl
