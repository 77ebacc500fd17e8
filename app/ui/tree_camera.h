// The tree diagram's screen frame and camera: where layout columns and rows land in pixels,
// and how the wheel, a drag, a double-click and "zoom onto the level" move it.
#pragma once
#include <imgui.h>

#include <cstddef>

#include "app_state.h"
#include "model/views/tree_layout.h"

namespace wl::ui {

// Screen placement of the layout: columns across (zoomed and panned), rows down.
struct TreeFrame {
  ImVec2 min, max;        // the plot area, right of the row labels
  float px_per_col = 1;   // after zoom
  float x0 = 0;           // screen x of column 0
  float row_h = 1;
  float node_h = 1;

  float x(float col) const { return x0 + col * px_per_col; }
  float row_center(std::size_t row) const { return min.y + (float(row) + 0.5f) * row_h; }
  float top(std::size_t row) const { return row_center(row) - node_h * 0.5f; }
  float bottom(std::size_t row) const { return row_center(row) + node_h * 0.5f; }
};

// Keeps the zoom between "whole tree" and about six columns, and the pan inside the tree.
void clamp_camera(TreeCamera& cam, float columns);
// Wheel zooms around the cursor, drag pans, double-click fits.
void handle_camera_input(TreeCamera& cam, const TreeFrame& frame, float columns, bool hovered, bool active);
// Zooms so the current level's inputs and outputs fill the width (Z, lesson "zoom: level").
void focus_on_level(TreeCamera& cam, const TreeModel& tree, const TreeLayout& layout, const LevelHighlight& hl);

}  // namespace wl::ui
