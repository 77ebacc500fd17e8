// Saves what the GUI drew as a PNG (--screenshot), and measures the frame's text for glyphs its
// clip rectangles cut (the probes' "text.clipped").
#pragma once
#include <string>
#include <vector>

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

// A glyph of the last frame's text that a clip rectangle cut: where, and the line it belongs to
// with the cut glyphs in [brackets] ("[t]hreads", "Export P[N]").
struct ClippedGlyph {
  float x = 0, y = 0;  // the glyph's centre, window pixels
  std::string line;
};

// Walks ImGui's draw data (call after ImGui::Render()): a glyph quad (its UVs one of the font
// atlas's glyphs, not the white pixel or the baked lines) that reaches more than a pixel past its
// command's ClipRect, or one cut on the CPU (RenderTextClipped: its UVs are a part of a glyph's),
// is clipped text. ImGui skips the glyphs wholly outside, so a cut line always leaves one
// straddling the edge. Windows that scroll are exempt along their scrolling axis: a line half out
// of view there is scrolled to, not lost.
std::vector<ClippedGlyph> find_clipped_glyphs();

}  // namespace wl
