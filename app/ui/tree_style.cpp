#include "ui/tree_style.h"

#include "ui/palette.h"

namespace wl::ui {
namespace {

constexpr std::uint8_t kCarriedCategory = 1, kInputCategory = 3, kWarpCategory = 4;  // +1 / +6: faded
constexpr float kFade = 0.5f;

}  // namespace

CellGridPalette node_palette() {
  CellGridPalette p{};
  p[0] = colors().empty;
  p[kCarriedCategory] = colors().carried;
  p[kCarriedCategory + 1] = with_alpha(colors().carried, kFade);
  p[kInputCategory] = colors().input;
  for (unsigned w = 0; w < unsigned(kWarpColorCount); ++w) {
    p[kWarpCategory + w] = warp_color(w);
    p[kWarpCategory + kWarpColorCount + w] = with_alpha(warp_color(w), kFade);
  }
  return p;
}

NodeStyle node_style(const TreeModel& t, const LayoutBox& box, bool outside_level) {
  const TreeNode& n = t.nodes[box.first_node];
  if (n.kind == NodeKind::Input) return {colors().input, kInputCategory};
  if (box.written == 0 || n.thread < 0) {
    return outside_level ? NodeStyle{with_alpha(colors().carried, kFade), std::uint8_t(kCarriedCategory + 1)}
                         : NodeStyle{colors().carried, kCarriedCategory};
  }
  const unsigned w = unsigned(n.thread) / 32;
  const bool faded = outside_level || box.contributing == 0;
  if (faded) return {with_alpha(warp_color(w), kFade), std::uint8_t(kWarpCategory + kWarpColorCount + w % kWarpColorCount)};
  return {warp_color(w), std::uint8_t(kWarpCategory + w % kWarpColorCount)};
}

}  // namespace wl::ui
