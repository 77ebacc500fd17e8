// Draws what ImDrawList would choke on: thousands of boxes and segments as one instanced draw,
// and cell grids as a texture through a palette shader. Draws are queued into an ImGui draw
// list as callbacks, so they keep the window's clipping and stacking order.
// Without GL support (init failed) the same calls fall back to ImDrawList.
#pragma once
#include <array>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include <imgui.h>

#include "render/shape_batch.h"

namespace wl {

// A grid of small categories (0-15), drawn one texel per cell through a palette.
constexpr int kGridPaletteSize = 16;
using CellGridPalette = std::array<ImU32, kGridPaletteSize>;
struct CellGrid {
  int width = 0, height = 0;
  std::vector<std::uint8_t> cells;  // row-major, top row first
  CellGridPalette palette{};
};

class GlRenderer {
 public:
  GlRenderer() = default;
  ~GlRenderer();
  GlRenderer(const GlRenderer&) = delete;
  GlRenderer& operator=(const GlRenderer&) = delete;

  // Needs the GL context. False with `error`: the fallback is used.
  bool init(std::string& error);
  bool uses_gl() const { return program_shapes_ != 0; }

  // Call once per frame before any draw: the previous frame's queued data is released.
  void begin_frame();
  void draw(ImDrawList* list, ShapeBatch&& batch);
  void draw_grid(ImDrawList* list, ImVec2 min, ImVec2 max, CellGrid&& grid);

  std::size_t shapes_this_frame() const { return shapes_this_frame_; }

 private:
  struct Queued {
    GlRenderer* owner = nullptr;
    ShapeBatch batch;
    CellGrid grid;
    ImVec2 min, max;
    bool is_grid = false;
    unsigned texture = 0;
  };
  static void run_callback(const ImDrawList* list, const ImDrawCmd* cmd);
  void render(const Queued& q, const ImDrawCmd* cmd);
  void set_scissor(const ImDrawCmd* cmd);
  void fallback(ImDrawList* list, const ShapeBatch& batch);
  void fallback(ImDrawList* list, ImVec2 min, ImVec2 max, const CellGrid& grid);
  unsigned grid_texture(std::size_t index);

  unsigned program_shapes_ = 0, program_grid_ = 0;
  unsigned vao_shapes_ = 0, vao_grid_ = 0, corner_vbo_ = 0, instance_vbo_ = 0;
  int loc_shapes_pos_ = -1, loc_shapes_size_ = -1;
  int loc_grid_rect_ = -1, loc_grid_pos_ = -1, loc_grid_size_ = -1, loc_grid_cells_ = -1, loc_grid_palette_ = -1;
  std::deque<Queued> queued_;            // stable addresses: callbacks point into it
  std::vector<unsigned> grid_textures_;  // reused frame to frame
  std::size_t grids_this_frame_ = 0;
  std::size_t shapes_this_frame_ = 0;
};

}  // namespace wl
