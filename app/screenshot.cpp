#include "screenshot.h"

#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <stb_image_write.h>  // implementation lives in libstb
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <system_error>
#include <vector>

namespace wl {
namespace {

// OpenGL returns the bottom row first; PNG wants the top row first.
void flip_rows(std::vector<unsigned char>& pixels, int row_bytes, int rows) {
  std::vector<unsigned char> tmp(row_bytes);
  for (int top = 0, bottom = rows - 1; top < bottom; ++top, --bottom) {
    unsigned char* a = &pixels[static_cast<size_t>(top) * row_bytes];
    unsigned char* b = &pixels[static_cast<size_t>(bottom) * row_bytes];
    std::memcpy(tmp.data(), a, row_bytes);
    std::memcpy(a, b, row_bytes);
    std::memcpy(b, tmp.data(), row_bytes);
  }
}

}  // namespace

bool check_screenshot_path(const std::string& path, std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path file(path);
  const fs::path folder = file.has_parent_path() ? file.parent_path() : fs::path(".");
  if (fs::is_directory(file, ec)) {
    error = "cannot write screenshot '" + path + "': it is a folder";
  } else if (!fs::is_directory(folder, ec)) {
    error = "cannot write screenshot '" + path + "': folder '" + folder.string() +
            "' does not exist";
  } else if (::access(folder.c_str(), W_OK) != 0) {
    error = "cannot write screenshot '" + path + "': folder '" + folder.string() +
            "' is not writable";
  } else {
    return true;
  }
  return false;
}

namespace {

bool save_read_buffer_png(const std::string& path, int width, int height, GLenum buffer, std::string& error);

}  // namespace

bool save_back_buffer_png(const std::string& path, int width, int height, std::string& error) {
  return save_read_buffer_png(path, width, height, GL_BACK, error);
}

bool save_scaled_frame_png(const std::string& path, float scale, float r, float g, float b, std::string& error) {
  ImDrawData* data = ImGui::GetDrawData();
  if (!data || !data->Valid) {
    error = "no frame to export";
    return false;
  }
  const ImVec2 old_scale = data->FramebufferScale;
  const int width = int(data->DisplaySize.x * scale), height = int(data->DisplaySize.y * scale);
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
  if (width <= 0 || height <= 0 || width > max_size || height > max_size) {
    error = "cannot export at " + std::to_string(width) + "x" + std::to_string(height) + " pixels";
    return false;
  }
  GLuint fbo = 0, color = 0;
  glGenFramebuffers(1, &fbo);
  glGenRenderbuffers(1, &color);
  glBindRenderbuffer(GL_RENDERBUFFER, color);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
  bool ok = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  if (ok) {
    glViewport(0, 0, width, height);
    glDisable(GL_SCISSOR_TEST);
    glClearColor(r, g, b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    data->FramebufferScale = ImVec2(old_scale.x * scale, old_scale.y * scale);
    ImGui_ImplOpenGL3_RenderDrawData(data);
    data->FramebufferScale = old_scale;
    ok = save_read_buffer_png(path, width, height, GL_COLOR_ATTACHMENT0, error);
  } else {
    error = "cannot create an offscreen framebuffer for the export";
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteRenderbuffers(1, &color);
  glDeleteFramebuffers(1, &fbo);
  return ok;
}

namespace {

bool save_read_buffer_png(const std::string& path, int width, int height, GLenum buffer, std::string& error) {
  constexpr int kChannels = 3;
  const int row_bytes = width * kChannels;
  std::vector<unsigned char> pixels(static_cast<size_t>(row_bytes) * height);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);  // rows of 3-byte pixels are not 4-aligned
  glReadBuffer(buffer);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  if (const GLenum gl_error = glGetError(); gl_error != GL_NO_ERROR) {
    error = "glReadPixels failed (GL error " + std::to_string(gl_error) + ")";
    return false;
  }
  flip_rows(pixels, row_bytes, height);
  if (!stbi_write_png(path.c_str(), width, height, kChannels, pixels.data(), row_bytes)) {
    error = "cannot write screenshot '" + path + "'";
    return false;
  }
  return true;
}

}  // namespace

}  // namespace wl
