// Colors of the tree's nodes: the writer's warp, or unchanged / input gray; faded when the value
// never reaches the result, or when it is outside the current level. Dense rows (texture strips)
// use the same colors through a palette, by category.
#pragma once
#include <cstdint>

#include "model/views/tree_layout.h"
#include "render/gl_renderer.h"

namespace wl::ui {

struct NodeStyle {
  ImU32 fill;
  std::uint8_t category;  // index into node_palette()
};

CellGridPalette node_palette();
NodeStyle node_style(const TreeModel& tree, const LayoutBox& box, bool outside_level);

}  // namespace wl::ui
