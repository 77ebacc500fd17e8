#include "ui/tree_camera.h"

#include <algorithm>
#include <cmath>

namespace wl::ui {

void clamp_camera(TreeCamera& cam, float columns) {
  const float max_zoom = std::max(1.0f, columns / 6.0f);
  cam.zoom = std::clamp(cam.zoom, 1.0f, max_zoom);
  const float visible = columns / cam.zoom;
  cam.pan_x = std::clamp(cam.pan_x, 0.0f, std::max(0.0f, columns - visible));
}

void handle_camera_input(TreeCamera& cam, const TreeFrame& f, float columns, bool hovered, bool active) {
  ImGuiIO& io = ImGui::GetIO();
  if (hovered && io.MouseWheel != 0.0f) {
    const float col_at_mouse = (io.MousePos.x - f.min.x) / f.px_per_col + cam.pan_x;
    cam.zoom *= std::pow(1.25f, io.MouseWheel);
    clamp_camera(cam, columns);
    const float px = (f.max.x - f.min.x) / columns * cam.zoom;
    cam.pan_x = col_at_mouse - (io.MousePos.x - f.min.x) / px;
  }
  if (active && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f)) cam.pan_x -= io.MouseDelta.x / f.px_per_col;
  if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) cam = TreeCamera{};
  clamp_camera(cam, columns);
}

void focus_on_level(TreeCamera& cam, const TreeModel& t, const TreeLayout& layout, const LevelHighlight& hl) {
  cam.focus_level = false;
  float lo = layout.columns, hi = 0.0f;
  auto include = [&](std::uint32_t node) {
    const TreeNode& n = t.nodes[node];
    const LayoutBox& box = layout.rows[n.row].boxes[layout.box_of_node[node]];
    lo = std::min(lo, box.x - box.width * 0.5f);
    hi = std::max(hi, box.x + box.width * 0.5f);
  };
  for (std::uint32_t n : hl.outputs) include(n);
  for (std::uint32_t n : hl.inputs)
    if (t.nodes[n].kind != NodeKind::Input) include(n);  // inputs spread over the whole width
  if (hi <= lo) return;
  const float span = std::max(hi - lo + 1.0f, 4.0f);  // half a column of margin each side
  cam.zoom = layout.columns / span;
  cam.pan_x = lo - 0.5f;
  clamp_camera(cam, layout.columns);
}

}  // namespace wl::ui
