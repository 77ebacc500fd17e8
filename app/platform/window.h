// The desktop window: GLFW + an OpenGL 3.3 core context with glad loaded.
#pragma once
#include <string>

struct GLFWwindow;

namespace wl {

struct WindowConfig {
  int width = 1600;   // framebuffer pixels
  int height = 900;
  bool fit_to_monitor = false;  // shrink to the monitor's work area if larger
  bool vsync = true;
  std::string title = "WarpLens";
};

class Window {
 public:
  Window() = default;
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  // False (with `error` set) when there is no display, no OpenGL 3.3, or
  // glad cannot load the GL functions.
  bool open(const WindowConfig& config, std::string& error);

  GLFWwindow* handle() const { return window_; }
  bool should_close() const;
  float content_scale() const;  // 1.0 on a standard-DPI monitor
  void framebuffer_size(int& width, int& height) const;

  // Fullscreen on the monitor the window is on, or back to the windowed size and place.
  void set_fullscreen(bool on);

  void poll_events();
  // Sleeps until an event arrives or `seconds` pass; true when an event came first.
  bool wait_events(double seconds);
  void clear(float r, float g, float b);  // sets the viewport and clears the back buffer
  void swap_buffers();

 private:
  GLFWwindow* window_ = nullptr;
  bool glfw_initialized_ = false;
  int windowed_x_ = 0, windowed_y_ = 0, windowed_w_ = 0, windowed_h_ = 0;
};

}  // namespace wl
