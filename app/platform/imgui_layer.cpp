#include "platform/imgui_layer.h"

#include "platform/key_latch.h"

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <cfloat>

namespace wl {

ImGuiLayer::~ImGuiLayer() {
  if (gl_backend_) ImGui_ImplOpenGL3_Shutdown();
  if (glfw_backend_) ImGui_ImplGlfw_Shutdown();
  if (context_) ImGui::DestroyContext();  // also saves imgui.ini
}

bool ImGuiLayer::init(GLFWwindow* window, const char* ini_path, std::string& error) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  context_ = true;
  ImGui::GetIO().IniFilename = ini_path;

  install_key_latch(window);  // first: ImGui's callbacks chain to it
  glfw_backend_ = ImGui_ImplGlfw_InitForOpenGL(window, true);
  if (!glfw_backend_) {
    error = "cannot initialize the Dear ImGui GLFW backend";
    return false;
  }
  gl_backend_ = ImGui_ImplOpenGL3_Init("#version 330 core");
  if (!gl_backend_) {
    error = "cannot initialize the Dear ImGui OpenGL 3 backend";
    return false;
  }
  return true;
}

void ImGuiLayer::new_frame(bool ignore_mouse) {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  if (ignore_mouse) ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  ImGui::NewFrame();
}

void ImGuiLayer::render() {
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void ImGuiLayer::upload_fonts_texture() {
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

}  // namespace wl
