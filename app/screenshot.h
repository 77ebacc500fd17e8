// Saves what the GUI drew as a PNG (--screenshot).
#pragma once
#include <string>

namespace wl {

// Checks before any window opens that `path` can be written (its folder
// exists and is writable, and it is not a folder itself).
bool check_screenshot_path(const std::string& path, std::string& error);

// Reads the current OpenGL back buffer (width x height pixels) and writes it
// to `path` as an RGB PNG, top row first.
bool save_back_buffer_png(const std::string& path, int width, int height, std::string& error);

// Draws ImGui's last frame again, `scale` times larger, into an offscreen framebuffer and saves
// it as a PNG (File > Export PNG at twice the window's size). Needs the frame's draw data.
bool save_scaled_frame_png(const std::string& path, float scale, float r, float g, float b, std::string& error);

}  // namespace wl
