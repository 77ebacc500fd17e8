// Shapes collected on the CPU for one instanced draw (shaders/shapes.*): rounded boxes and
// thick segments in ImGui display pixels. No GL here; GlRenderer uploads and draws them.
#pragma once
#include <cstdint>
#include <vector>

#include <imgui.h>

namespace wl {

struct ShapeInstance {
  float geom[4];    // box: min, max; segment: from, to
  float params[4];  // kind (0 box, 1 segment), radius / half width, border width, dash length
  std::uint32_t fill;    // ImU32 (ABGR bytes, as ImGui packs them)
  std::uint32_t stroke;
};
static_assert(sizeof(ShapeInstance) == 40, "matches the vertex layout in gl_renderer.cpp");

class ShapeBatch {
 public:
  void box(ImVec2 min, ImVec2 max, ImU32 fill, float radius = 0.0f, float border = 0.0f, ImU32 stroke = 0) {
    shapes_.push_back({{min.x, min.y, max.x, max.y}, {0.0f, radius, border, 0.0f}, fill, stroke});
  }
  void segment(ImVec2 from, ImVec2 to, ImU32 color, float width, float dash = 0.0f) {
    shapes_.push_back({{from.x, from.y, to.x, to.y}, {1.0f, width * 0.5f, 0.0f, dash}, color, 0});
  }
  void reserve(std::size_t n) { shapes_.reserve(n); }
  std::size_t size() const { return shapes_.size(); }
  bool empty() const { return shapes_.empty(); }
  const std::vector<ShapeInstance>& shapes() const { return shapes_; }

 private:
  std::vector<ShapeInstance> shapes_;
};

}  // namespace wl
