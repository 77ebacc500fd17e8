// Dear ImGui context plus its GLFW and OpenGL 3 backends, as in ImGui's examples.
#pragma once
#include <string>

struct GLFWwindow;

namespace wl {

class ImGuiLayer {
 public:
  ImGuiLayer() = default;
  ~ImGuiLayer();
  ImGuiLayer(const ImGuiLayer&) = delete;
  ImGuiLayer& operator=(const ImGuiLayer&) = delete;

  // `ini_path` must outlive this object; nullptr disables saving imgui.ini.
  bool init(GLFWwindow* window, const char* ini_path, std::string& error);

  // `ignore_mouse`: headless runs (screenshots, benchmarks) must not show hover effects of
  // wherever the virtual display left the cursor.
  void new_frame(bool ignore_mouse = false);
  void render();                 // ends the frame and draws it into the back buffer
  void upload_fonts_texture();   // after the font atlas was rebuilt (between frames)

 private:
  bool context_ = false, glfw_backend_ = false, gl_backend_ = false;
};

}  // namespace wl
