#include "platform/window.h"

// glad before GLFW: it provides the GL declarations GLFW would otherwise include.
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdio>

namespace wl {
namespace {

std::string last_glfw_error() {
  const char* description = nullptr;
  glfwGetError(&description);
  return description ? description : "unknown GLFW error";
}

void log_glfw_error(int code, const char* description) {
  std::fprintf(stderr, "warplens: GLFW error %d: %s\n", code, description);
}

// Keeps a default-sized window on small screens.
void fit_to_primary_monitor(int& width, int& height) {
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  if (!monitor) return;
  int x = 0, y = 0, work_width = 0, work_height = 0;
  glfwGetMonitorWorkarea(monitor, &x, &y, &work_width, &work_height);
  if (work_width <= 0 || work_height <= 0) return;
  width = std::min(width, work_width * 9 / 10);
  height = std::min(height, work_height * 9 / 10);
}

}  // namespace

Window::~Window() {
  if (window_) glfwDestroyWindow(window_);
  if (glfw_initialized_) glfwTerminate();
}

bool Window::open(const WindowConfig& config, std::string& error) {
  if (!glfwInit()) {
    error = "cannot start the GUI: " + last_glfw_error() +
            " (no display? set DISPLAY or run under xvfb-run)";
    return false;
  }
  glfw_initialized_ = true;

  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHintString(GLFW_X11_CLASS_NAME, "warplens");
  glfwWindowHintString(GLFW_X11_INSTANCE_NAME, "warplens");

  int width = config.width, height = config.height;
  if (config.fit_to_monitor) fit_to_primary_monitor(width, height);
  window_ = glfwCreateWindow(width, height, config.title.c_str(), nullptr, nullptr);
  if (!window_) {
    error = "cannot create an OpenGL 3.3 core window: " + last_glfw_error();
    return false;
  }
  glfwMakeContextCurrent(window_);
  glfwSwapInterval(config.vsync ? 1 : 0);

  // Where window coordinates are not pixels (HiDPI on macOS/Wayland), resize
  // so the framebuffer gets the requested pixel size.
  int fb_width = 0, fb_height = 0;
  glfwGetFramebufferSize(window_, &fb_width, &fb_height);
  if (fb_width > 0 && fb_height > 0 && (fb_width != width || fb_height != height))
    glfwSetWindowSize(window_, width * width / fb_width, height * height / fb_height);

  const int version = gladLoadGL(glfwGetProcAddress);
  if (version == 0) {
    error = "cannot load the OpenGL functions (glad)";
    return false;
  }
  const int major = GLAD_VERSION_MAJOR(version), minor = GLAD_VERSION_MINOR(version);
  if (major < 3 || (major == 3 && minor < 3)) {
    error = "OpenGL 3.3 is required; this system provides " + std::to_string(major) + "." +
            std::to_string(minor);
    return false;
  }
  glfwSetErrorCallback(log_glfw_error);  // from now on errors are not fatal: just log them
  return true;
}

bool Window::should_close() const { return glfwWindowShouldClose(window_); }

float Window::content_scale() const {
  float x = 1.0f, y = 1.0f;
  glfwGetWindowContentScale(window_, &x, &y);
  return x > 0.0f ? x : 1.0f;
}

void Window::framebuffer_size(int& width, int& height) const {
  glfwGetFramebufferSize(window_, &width, &height);
}

void Window::set_fullscreen(bool on) {
  GLFWmonitor* current = glfwGetWindowMonitor(window_);
  if (on == (current != nullptr)) return;
  if (on) {
    glfwGetWindowPos(window_, &windowed_x_, &windowed_y_);
    glfwGetWindowSize(window_, &windowed_w_, &windowed_h_);
    GLFWmonitor* monitor = glfwGetPrimaryMonitor();
    const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
    if (!mode) return;
    glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
  } else {
    glfwSetWindowMonitor(window_, nullptr, windowed_x_, windowed_y_, windowed_w_, windowed_h_, 0);
  }
}

void Window::poll_events() { glfwPollEvents(); }

bool Window::wait_events(double seconds) {
  const double start = glfwGetTime();
  glfwWaitEventsTimeout(seconds);
  return glfwGetTime() - start < seconds * 0.95;
}

void Window::clear(float r, float g, float b) {
  int width = 0, height = 0;
  framebuffer_size(width, height);
  glViewport(0, 0, width, height);
  glClearColor(r, g, b, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
}

void Window::swap_buffers() { glfwSwapBuffers(window_); }

}  // namespace wl
