// Welford tree (model/views/welford_tree.h): one row of the welford variant's layer norm, the
// inspected block's: each thread's (n, mean, M2) on top, each level's merges below (thread t
// takes in thread t + stride), the root's mean and variance = M2 / cols beside the f64 reference.
#include "ui/view_drawers.h"  // draw_<id>_view: declared there with what it draws

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "model/views/welford_tree.h"
#include "ui/legend.h"
#include "ui/palette.h"
#include "ui/number_text.h"

namespace wl::ui {
namespace {

ImU32 node_color() { return colors().carried; }
ImU32 border_color() { return colors().border; }
ImU32 own_edge_color() { return with_alpha(colors().axis, 0.8f); }  // a thread's own triple, carried down
ImU32 partner_edge_color() { return colors().orange; }         // the triple merged in from t + stride
ImU32 root_color() { return colors().bluish_green; }

std::string full_number(double v) { return number_text(v, "%.6g"); }

// The four lines of a node: whose it is, then its triple.
struct NodeText {
  std::string who, n, mean, m2;
  NodeText(const WelfordNode& node, bool leaf)
      : who(leaf ? "thread " + std::to_string(node.thread)
                 : "threads " + std::to_string(node.thread) + " + " + std::to_string(node.partner)),
        n("n " + full_number(node.n)), mean("mean " + full_number(node.mean)), m2("M2 " + full_number(node.m2)) {}
  float width() const {
    return std::max({ImGui::CalcTextSize(who.c_str()).x, ImGui::CalcTextSize(n.c_str()).x,
                     ImGui::CalcTextSize(mean.c_str()).x, ImGui::CalcTextSize(m2.c_str()).x});
  }
};

// Leaves in the order a walk from the root meets them, so no two edges cross.
void walk(const WelfordRow& row, std::size_t k, std::size_t i, std::vector<std::size_t>& leaves) {
  if (k == 0) return leaves.push_back(i);
  const WelfordNode& node = row.levels[k][i];
  walk(row, k - 1, std::size_t(node.left), leaves);
  walk(row, k - 1, std::size_t(node.right), leaves);
}

// Each node's x as a share of the width: the leaves evenly in walk order, each merge centred
// over its two inputs. Sequential addressing pairs threads t and t + stride, so the leaves come
// out bit-reversed (0, 4, 2, 6, 1, 5, 3, 7): their labels say which thread each is.
std::vector<std::vector<float>> node_x(const WelfordRow& row) {
  const std::size_t levels = row.levels.size();
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < row.levels.back().size(); ++i) walk(row, levels - 1, i, order);
  std::vector<bool> met(row.levels[0].size());
  for (std::size_t leaf : order) met[leaf] = true;
  for (std::size_t leaf = 0; leaf < met.size(); ++leaf)
    if (!met[leaf]) order.push_back(leaf);  // merged by no one: at the end
  std::vector<std::vector<float>> x(levels);
  x[0].resize(row.levels[0].size());
  for (std::size_t p = 0; p < order.size(); ++p) x[0][order[p]] = (float(p) + 0.5f) / float(order.size());
  for (std::size_t k = 1; k < levels; ++k)
    for (const WelfordNode& node : row.levels[k])
      x[k].push_back((x[k - 1][std::size_t(node.left)] + x[k - 1][std::size_t(node.right)]) * 0.5f);
  return x;
}

void node_tooltip(const WelfordNode& node, std::size_t level, unsigned block_dim) {
  ImGui::BeginTooltip();
  if (level == 0)
    ImGui::Text("thread %u after its own values: columns %u, %u, ... (%llu values)", node.thread, node.thread,
                node.thread + block_dim, (unsigned long long)node.values);
  else
    ImGui::Text("thread %u takes in thread %u's triple (stride %u): %llu values", node.thread, node.partner,
                node.partner - node.thread, (unsigned long long)node.values);
  ImGui::Text("n     %s", full_number(node.n).c_str());
  ImGui::Text("mean  %-12s f64 over the same values: %s", full_number(node.mean).c_str(), full_number(node.exact_mean).c_str());
  ImGui::Text("M2    %-12s f64: %s", full_number(node.m2).c_str(), full_number(node.exact_m2).c_str());
  ImGui::TextDisabled("M2: the sum of (x - mean)^2 over those values");
  ImGui::EndTooltip();
}

// ◀ row 3 ▶: the recorded rows, one after another; the choice is the inspected block.
void row_picker(ViewContext& ctx, const WelfordTree& tree, const WelfordRow& row) {
  const auto at = std::find_if(tree.rows.begin(), tree.rows.end(), [&](const WelfordRow& r) { return r.row == row.row; });
  const std::size_t i = std::size_t(at - tree.rows.begin());
  ImGui::PushID(ctx.side);
  if (ImGui::ArrowButton("##previous_row", ImGuiDir_Left) && i > 0) ctx.session.inspect(std::uint32_t(tree.rows[i - 1].row));
  ImGui::SameLine();
  ImGui::Text("row %llu (block %llu)", (unsigned long long)row.row, (unsigned long long)row.row);
  ImGui::SameLine();
  if (ImGui::ArrowButton("##next_row", ImGuiDir_Right) && i + 1 < tree.rows.size())
    ctx.session.inspect(std::uint32_t(tree.rows[i + 1].row));
  ImGui::PopID();
  ImGui::SameLine();
  ImGui::TextDisabled("%zu of %zu recorded rows; or pick the block under Inspect", i + 1, tree.rows.size());
}

}  // namespace

void draw_welford_tree_view(ViewContext& ctx, const BlockViews& block, const WelfordTree& tree) {
  if (tree.rows.empty()) {
    ImGui::TextWrapped("%s", tree.note.c_str());
    return;
  }
  const WelfordRow* found = welford_row(tree, block.block);
  const WelfordRow& row = found ? *found : tree.rows.front();
  ImGui::TextWrapped("Welford's one read of a row. On top, each thread's (n, mean, M2) over its own values (M2: the "
                     "sum of (x - mean)^2); each level below merges thread t + stride's triple into thread t's; the "
                     "root holds the row's, and its variance is M2 / cols.");
  row_picker(ctx, tree, row);

  const float scale = ctx.app.ui_scale;
  const float line = ImGui::GetTextLineHeight();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float legend_h = legend_reserve(avail.x < 1100.0f * scale ? 2 : 1);
  const float label_w = ImGui::CalcTextSize("stride 512  ").x;
  const float tree_w = std::max(avail.x - label_w, 80.0f);
  const float tree_h = std::max(avail.y - legend_h - line * 0.5f, line * 4);
  const float pad = 4.0f * scale, gap_x = 6.0f * scale;
  const std::size_t levels = row.levels.size();
  const unsigned block_dim = unsigned(row.levels.front().size());

  // A level shows its numbers where its widest node's fit in its share of the width.
  std::vector<bool> fits(levels);
  std::vector<float> box_w(levels), box_h(levels);
  float boxes_h = 0;
  for (std::size_t k = 0; k < levels; ++k) {
    const float slot = tree_w / float(row.levels[k].size());
    float text_w = 0;
    for (const WelfordNode& node : row.levels[k]) text_w = std::max(text_w, NodeText(node, k == 0).width());
    fits[k] = slot - gap_x >= text_w + 2 * pad;
    box_w[k] = fits[k] ? std::min(slot - gap_x, text_w + 6 * pad) : std::max(slot - 1.0f, 2.0f);
    box_h[k] = fits[k] ? line * 4 + 2 * pad : line * 0.9f;
    boxes_h += box_h[k];
  }
  const float gap_y = levels > 1 ? std::clamp((tree_h - boxes_h) / float(levels - 1), line * 0.8f, line * 3.0f) : 0.0f;
  std::vector<float> level_y(levels, origin.y);
  for (std::size_t k = 1; k < levels; ++k) level_y[k] = level_y[k - 1] + box_h[k - 1] + gap_y;
  const std::vector<std::vector<float>> x_share = node_x(row);
  auto center_x = [&](std::size_t k, std::size_t i) { return origin.x + label_w + x_share[k][i] * tree_w; };
  // The step shown: the load step made the leaves, tree level k the merges of level k + 1.
  const StepId step = ctx.step;
  auto current = [&](std::size_t k) {
    return k == 0 ? step == kLoadStep : step_kind(step) == StepKind::Level && step_index(step) + 1 == k;
  };

  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  // Edges first, under the boxes: a merge's own triple from above, and its partner's.
  for (std::size_t k = 1; k < levels; ++k)
    for (std::size_t i = 0; i < row.levels[k].size(); ++i) {
      const WelfordNode& node = row.levels[k][i];
      const ImVec2 to(center_x(k, i), level_y[k]);
      const float from_y = level_y[k - 1] + box_h[k - 1];
      dl->AddLine(ImVec2(center_x(k - 1, std::size_t(node.left)), from_y), to, own_edge_color(), 1.5f * scale);
      dl->AddLine(ImVec2(center_x(k - 1, std::size_t(node.right)), from_y), to, partner_edge_color(), 1.5f * scale);
    }
  const WelfordNode* hovered = nullptr;
  std::size_t hovered_level = 0;
  for (std::size_t k = 0; k < levels; ++k) {
    // Left of the level: what it is.
    char label[32];
    if (k == 0) std::snprintf(label, sizeof label, "own values");
    else std::snprintf(label, sizeof label, "stride %u", row.levels[k][0].partner - row.levels[k][0].thread);
    dl->AddText(ImVec2(origin.x, level_y[k] + (box_h[k] - line) * 0.5f), current(k) ? text : dim, label);
    for (std::size_t i = 0; i < row.levels[k].size(); ++i) {
      const WelfordNode& node = row.levels[k][i];
      const bool root = k + 1 == levels;
      const ImVec2 lo(center_x(k, i) - box_w[k] * 0.5f, level_y[k]), hi(lo.x + box_w[k], lo.y + box_h[k]);
      dl->AddRectFilled(lo, hi, node.n == 0 ? colors().empty : node_color(), 3.0f * scale);
      const ImU32 border = current(k) ? colors().highlight : root ? root_color() : border_color();
      dl->AddRect(lo, hi, border, 3.0f * scale, 0, (current(k) || root ? 2.0f : 1.0f) * scale);
      if (fits[k]) {
        const NodeText t(node, k == 0);
        const ImU32 color = node.n == 0 ? dim : text;
        const float x = lo.x + pad * 3, y = lo.y + pad;
        dl->AddText(ImVec2(x, y), dim, t.who.c_str());
        dl->AddText(ImVec2(x, y + line), color, t.n.c_str());
        dl->AddText(ImVec2(x, y + 2 * line), color, t.mean.c_str());
        dl->AddText(ImVec2(x, y + 3 * line), color, t.m2.c_str());
        ctx.probe("welford", "nodes", x, y + line * 1.5f);
      }
      if (mouse.x >= lo.x && mouse.x < hi.x && mouse.y >= lo.y && mouse.y < hi.y) hovered = &node, hovered_level = k;
    }
  }
  // Beside the root: what it holds, and the reference.
  {
    const std::size_t k = levels - 1;
    const float x = center_x(k, 0) + box_w[k] * 0.5f + gap_x * 2;
    const float y = level_y[k] + (box_h[k] - 2 * line) * 0.5f;  // centred on the root
    const std::string mean = "row mean " + full_number(row.mean) + "   (f64 " + full_number(row.reference_mean) + ")";
    const std::string variance = "variance = M2 / " + std::to_string(tree.cols) + " = " + full_number(row.variance) +
                                 "   (f64 " + full_number(row.reference_variance) + ")";
    dl->AddText(ImVec2(x, y), text, mean.c_str());
    dl->AddText(ImVec2(x, y + line), text, variance.c_str());
    ctx.probe("welford", "root", x, y + line * 0.5f);
  }
  if (hovered) node_tooltip(*hovered, hovered_level, block_dim);
  ImGui::Dummy(ImVec2(avail.x, level_y[levels - 1] - origin.y + box_h[levels - 1] + line * 0.5f));

  legend_begin();
  legend_item(own_edge_color(), "thread t's own triple", SwatchShape::Line);
  legend_item(partner_edge_color(), "merged in from thread t + stride", SwatchShape::Line);
  legend_item(colors().highlight, "made in the step shown", SwatchShape::Outline);
  legend_item(root_color(), "the root: the whole row", SwatchShape::Outline);
  if (std::any_of(row.levels[0].begin(), row.levels[0].end(), [](const WelfordNode& n) { return n.n == 0; }))
    legend_item(colors().empty, "n = 0: a thread past the row's end");
  legend_end();
}

}  // namespace wl::ui
