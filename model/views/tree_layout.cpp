#include "model/views/tree_layout.h"

#include <algorithm>

namespace wl {

float TreeLayout::node_x(std::uint32_t node, const TreeModel& tree) const {
  const TreeNode& n = tree.nodes[node];
  return rows[n.row].boxes[box_of_node[node]].x;
}

TreeLayout layout_tree(const TreeModel& tree, std::uint32_t max_drawn_nodes) {
  TreeLayout layout;
  layout.columns = float(std::max<std::uint32_t>(tree.width, 1));
  layout.box_of_node.assign(tree.nodes.size(), 0);
  const std::uint32_t max_nodes = std::max<std::uint32_t>(max_drawn_nodes, 1);

  for (std::size_t r = 0; r < tree.rows.size(); ++r) {
    const TreeRow& row = tree.rows[r];
    LayoutRow out;
    out.y = float(r);
    // Input rows spread their nodes over the full width; others use their position.
    const bool spread = row.step == kInputRowStep;
    const float span = spread && row.node_count > 0 ? layout.columns / float(row.node_count) : 1.0f;
    const std::uint32_t per_box = row.node_count > max_nodes ? (row.node_count + max_nodes - 1) / max_nodes : 1;
    out.aggregated = per_box > 1;
    for (std::uint32_t i = 0; i < row.node_count; i += per_box) {
      LayoutBox box;
      box.first_node = row.first_node + i;
      box.count = std::min(per_box, row.node_count - i);
      for (std::uint32_t k = 0; k < box.count; ++k) {
        const TreeNode& n = tree.nodes[box.first_node + k];
        box.written += n.written;
        box.contributing += n.contributes;
        layout.box_of_node[box.first_node + k] = std::uint32_t(out.boxes.size());
      }
      const TreeNode& first = tree.nodes[box.first_node];
      const float left = spread ? float(i) * span : float(first.position);
      box.width = spread ? span * float(box.count) : float(box.count);
      box.x = left + box.width * 0.5f;
      out.boxes.push_back(box);
    }
    layout.rows.push_back(std::move(out));
  }
  return layout;
}

}  // namespace wl
