// Where the nodes of a reduction tree go, in layout units: one unit per column (a slot or
// thread position) across, one unit per row down. The view scales and pans these to pixels.
// Rows wider than kMaxDrawnNodes (input rows of blocks that load many elements each) are
// aggregated: consecutive nodes become one bucket.
#pragma once
#include <cstdint>
#include <vector>

#include "model/views/tree_model.h"

namespace wl {

constexpr std::uint32_t kMaxDrawnNodes = 1024;

// One drawn box: a single node, or a bucket of consecutive nodes of an aggregated row.
struct LayoutBox {
  float x = 0;      // center, columns
  float width = 0;  // columns
  std::uint32_t first_node = 0;
  std::uint32_t count = 1;        // nodes in the box
  std::uint32_t written = 0;      // of those, written in this row
  std::uint32_t contributing = 0; // of those, reaching the result
};

struct LayoutRow {
  float y = 0;  // center, rows
  bool aggregated = false;
  std::vector<LayoutBox> boxes;  // by position
};

struct TreeLayout {
  float columns = 0;  // the tree's width
  std::vector<LayoutRow> rows;
  std::vector<std::uint32_t> box_of_node;  // node index → box index within its row

  // Box center of a node (layout units); for an aggregated row, its bucket's center.
  float node_x(std::uint32_t node, const TreeModel& tree) const;
};

TreeLayout layout_tree(const TreeModel& tree, std::uint32_t max_drawn_nodes = kMaxDrawnNodes);

}  // namespace wl
