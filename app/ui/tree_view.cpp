// The tree diagram: shared-memory slots (and registers) as nodes by level, each combine an
// edge, the current level highlighted, zoom (wheel) and pan (drag) across.
#include "ui/view_drawers.h"  // draw_<id>_view: declared there with what it draws

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>

#include "model/views/shared_names.h"
#include "ui/legend.h"
#include "ui/palette.h"
#include "ui/tree_camera.h"
#include "ui/tree_style.h"

namespace wl::ui {
namespace {

std::string position_name(const TreeModel& t, const TreeNode& n, const TraceMeta& meta) {
  switch (n.kind) {
    case NodeKind::Input: return "input element " + std::to_string(n.position);
    case NodeKind::Slot: {  // a slot of the run's type, named as the kernel's file names it where it can be
      return meta.shared_arrays.empty() ? "shared slot " + std::to_string(n.position) : shared_slot_name(meta, n.position);
    }
    case NodeKind::Register: return "register of thread " + std::to_string(n.position);
    case NodeKind::Result: return "block " + std::to_string(t.block) + "'s result";
  }
  return {};
}

void node_tooltip(const TreeModel& t, std::uint32_t index, const TraceMeta& meta) {
  const TreeNode& n = t.nodes[index];
  const TreeRow& row = t.rows[n.row];
  ImGui::BeginTooltip();
  ImGui::Text("%s, row \"%s\"", position_name(t, n, meta).c_str(), row.label.c_str());
  ImGui::Text("value %s", t.values.exact_text(n.bits).c_str());
  if (n.written && n.thread >= 0) {
    ImGui::Text("written by thread %d (warp %d, lane %d)", n.thread, n.thread / 32, n.thread % 32);
    std::string from, races;
    for (std::uint32_t i = 0; i < row.edge_count; ++i) {
      const TreeEdge& e = t.edges[row.first_edge + i];
      if (e.to != index) continue;
      const TreeNode& src = t.nodes[e.from];
      if (!from.empty()) from += ", ";
      from += std::to_string(src.position) + " (" + t.values.text(src.bits) + ")";
      if (e.kind == EdgeKind::Shuffle) from += " by shuffle";
      if (e.kind == EdgeKind::Racy)
        races += "Race: it read " + std::to_string(src.position) + " as row \"" + t.rows[src.row].label + "\" holds it (" +
                 t.values.text(src.bits) + "), not the value it should have waited for: a barrier is missing. The "
                 "Source view (6) marks both lines.\n";
    }
    if (!from.empty()) ImGui::Text("from %s", from.c_str());
    if (!races.empty()) {
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "%s", races.c_str());
      ImGui::PopTextWrapPos();
    }
  } else if (n.kind != NodeKind::Input) {
    ImGui::TextDisabled("unchanged from the row above");
  }
  if (!n.contributes) ImGui::TextDisabled("this value never reaches the block's result");
  ImGui::EndTooltip();
}

void draw_legend(const TreeModel& t) {
  legend_begin();
  const unsigned warps = std::max(1u, (t.block_dim + 31) / 32);
  ImU32 colors[kWarpColorCount];
  const int shown = int(std::min<unsigned>(warps, kWarpColorCount));
  for (int w = 0; w < shown; ++w) colors[w] = warp_color(unsigned(w));
  char text[64];
  if (warps == 1) std::snprintf(text, sizeof text, "warp 0");
  else if (warps <= unsigned(kWarpColorCount)) std::snprintf(text, sizeof text, "warps 0-%u", warps - 1);
  else std::snprintf(text, sizeof text, "warps 0-%d, then again from warp %d", kWarpColorCount - 1, kWarpColorCount);
  legend_colors(colors, shown, text);
  legend_item(ui::colors().carried, "unchanged");
  legend_item(ui::colors().input, "input element");
  legend_item(ui::colors().highlight, "this level's output", SwatchShape::Outline);
  legend_item(ui::colors().neutral, t.global_slots ? "global-memory load" : "shared-memory load", SwatchShape::Line);
  legend_item(ui::colors().neutral, "shuffle", SwatchShape::DashedLine);
  // Said only where it happened: a legend of a race in a tree without one would show what did not.
  const bool racy = std::any_of(t.edges.begin(), t.edges.end(), [](const TreeEdge& e) { return e.kind == EdgeKind::Racy; });
  if (racy) legend_item(ui::colors().problem, "race: a value read without the barrier it needed", SwatchShape::DashedLine);
  legend_text("faded: never reaches the result");
  legend_end();
}

// "180 ns, last warp 3": how long the row's step took in the block, from its warps' clocks.
std::string step_time_text(const StepTime& t) {
  char text[64];
  std::snprintf(text, sizeof text, "%.0f ns, last warp %u", t.ns, unsigned(t.last_warp));
  return text;
}

// Under the tree: where the times come from, and what they are not.
void draw_step_time_note(const BlockViews& block) {
  ImGui::TextDisabled("Times per level: block %u's warps read clock64 on its SM (%.0f MHz) in a replay with "
                      "recording off. One block's cycles, not the kernel's time (Timing view, key 8).",
                      block.block, block.sm_clock_mhz);
}

}  // namespace

void draw_tree_view(ViewContext& ctx, const TraceViews& views, const BlockViews& block) {
  if (block.tree.empty()) {
    ImGui::TextDisabled("No tree: the inspected block recorded no events.");
    return;
  }
  const TreeModel& t = block.tree;
  const TreeLayout& layout = block.layout;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float scale = ctx.app.ui_scale;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float legend_h = std::max(legend_height(avail.x < 1200.0f * scale ? 3 : 2), ctx.camera().legend_h);
  // As wide as the widest row's label: "level 10", "last block, level 1", a plain kernel's
  // "after line 120 (3)".
  float label_w = ImGui::CalcTextSize("level 10 ").x;
  for (const TreeRow& row : t.rows) label_w = std::max(label_w, ImGui::CalcTextSize((row.label + " ").c_str()).x);
  label_w += 14.0f * scale;
  const bool timed = !block.step_times.empty();
  const float time_w = timed ? ImGui::CalcTextSize("99999 ns, last warp 31").x + 16.0f * scale : 0.0f;
  const float note_h = timed ? ImGui::GetTextLineHeightWithSpacing() : 0.0f;

  TreeCamera& cam = ctx.camera();
  clamp_camera(cam, layout.columns);
  TreeFrame f;
  f.min = ImVec2(origin.x + label_w, origin.y);
  f.max = ImVec2(origin.x + avail.x - time_w, origin.y + std::max(40.0f, avail.y - legend_h - note_h));
  f.px_per_col = (f.max.x - f.min.x) / layout.columns * cam.zoom;
  f.x0 = f.min.x - cam.pan_x * f.px_per_col;
  f.row_h = (f.max.y - f.min.y) / float(std::max<std::size_t>(t.rows.size(), 1));
  f.node_h = std::clamp(f.row_h * 0.5f, 4.0f, 40.0f * scale);

  ImGui::InvisibleButton("##tree_canvas", ImVec2(avail.x, f.max.y - f.min.y));
  const bool hovered = ImGui::IsItemHovered();
  handle_camera_input(cam, f, layout.columns, hovered, ImGui::IsItemActive());
  f.px_per_col = (f.max.x - f.min.x) / layout.columns * cam.zoom;
  f.x0 = f.min.x - cam.pan_x * f.px_per_col;

  const LevelHighlight hl = level_highlight(t, ctx.step);
  if (cam.focus_level) {
    focus_on_level(cam, t, layout, hl);
    f.px_per_col = (f.max.x - f.min.x) / layout.columns * cam.zoom;
    f.x0 = f.min.x - cam.pan_x * f.px_per_col;
  }
  std::vector<bool> is_input(t.nodes.size(), false);
  for (std::uint32_t n : hl.inputs) is_input[n] = true;

  dl->PushClipRect(origin, ImVec2(origin.x + avail.x, f.max.y), true);
  // Bands behind the current level: its output row, and the rows its inputs come from.
  if (hl.row >= 0) {
    const float y = f.row_center(std::size_t(hl.row));
    dl->AddRectFilled(ImVec2(origin.x, y - f.row_h * 0.5f), ImVec2(f.max.x, y + f.row_h * 0.5f),
                      colors().band);
  }
  // Row labels, whole or not at all: rows closer than a line (a short pane) get a smaller font,
  // down to half the normal one (presenter mode's is large), so every row keeps its label;
  // closer still, every few are labelled, the current row always, each inside the canvas.
  const float pitch = t.rows.size() > 1 ? f.row_center(1) - f.row_center(0) : ImGui::GetFontSize();
  const float font_px = std::min(ImGui::GetFontSize(), std::max(pitch * 0.92f, ImGui::GetFontSize() * 0.5f));
  const float line = ImGui::GetTextLineHeight() * font_px / ImGui::GetFontSize();
  auto label_y = [&](std::size_t r) { return std::max(f.min.y, std::min(f.row_center(r) - line * 0.5f, f.max.y - line)); };
  const float current_y = hl.row >= 0 ? label_y(std::size_t(hl.row)) : -1e9f;
  float free_from = -1e9f;  // the last label's bottom
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const bool current = int(r) == hl.row;
    const char* label = t.rows[r].label.c_str();
    const ImVec2 size = ImGui::GetFont()->CalcTextSizeA(font_px, FLT_MAX, 0.0f, label);
    const ImVec2 at(origin.x + 8.0f * scale, label_y(r));
    if (!current && (at.y < free_from - 0.5f || std::fabs(at.y - current_y) < line - 0.5f)) continue;
    free_from = at.y + line;
    dl->AddText(ImGui::GetFont(), font_px, at, current ? colors().text_current : colors().label, label);
    ctx.probe("tree", "row_labels", at.x, at.y + line * 0.5f);
    if (current) dl->AddRectFilled(ImVec2(origin.x, at.y), ImVec2(origin.x + 3.0f * scale, at.y + size.y), colors().highlight);
    if (const StepTime* time = find_step_time(block.step_times, t.rows[r].step)) {
      const std::string text = step_time_text(*time);
      dl->AddText(ImGui::GetFont(), font_px, ImVec2(f.max.x + 10.0f * scale, at.y),
                  current ? colors().text_current : colors().label, text.c_str());
      ctx.probe("tree", "level_time", f.max.x + 10.0f * scale, at.y);
    }
  }

  const float view_left = f.min.x - f.px_per_col, view_right = f.max.x + f.px_per_col;
  auto visible = [&](float a, float b) { return std::max(a, b) >= view_left && std::min(a, b) <= view_right; };

  // Edges, under the nodes. When the tree is squeezed to a few pixels a column, only the
  // current level's edges are drawn: the others would be a gray haze.
  const bool squeezed = f.px_per_col < 4.0f * scale;
  ShapeBatch edges;
  edges.reserve(t.edges.size());
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const TreeRow& row = t.rows[r];
    const bool current = int(r) == hl.row;
    for (std::uint32_t i = 0; i < row.edge_count; ++i) {
      const TreeEdge& e = t.edges[row.first_edge + i];
      if (squeezed && !current && e.kind != EdgeKind::Racy) continue;
      const float x_from = f.x(layout.node_x(e.from, t)), x_to = f.x(layout.node_x(e.to, t));
      if (!visible(x_from, x_to)) continue;
      const ImVec2 a(x_from, f.bottom(t.nodes[e.from].row)), b(x_to, f.top(r));
      ImU32 color = current ? warp_color(e.thread / 32) : colors().faded_edge;
      float width = current ? 2.5f * scale : 1.0f * scale;
      float dash = e.kind == EdgeKind::Shuffle ? 5.0f * scale : 0.0f;
      if (e.kind == EdgeKind::Racy) {  // loud at the current level, a hint elsewhere
        color = current ? colors().problem : with_alpha(colors().problem, 0.6f);
        dash = 4.0f * scale;
        width = current ? 3.0f * scale : 1.6f * scale;
      }
      edges.segment(a, b, color, width, dash);
    }
  }
  ctx.gl.draw(dl, std::move(edges));

  // Nodes: boxes when they are a few pixels wide, else one texture strip per row (a heat
  // strip through the palette shader), which keeps a 1024-wide tree cheap to draw.
  const bool dense = f.px_per_col < 4.0f * scale;
  struct Label {
    ImVec2 center;
    std::uint32_t node;
    ImU32 fill;
    float width;  // pixels
    bool aggregated;
  };
  std::vector<Label> labels;
  ShapeBatch nodes;
  if (!dense) nodes.reserve(t.nodes.size());
  const float gap = f.px_per_col > 6.0f ? std::min(0.14f * f.px_per_col, 6.0f * scale) : 0.0f;
  const float radius = std::min(4.0f * scale, f.node_h * 0.2f);
  const int columns = int(std::ceil(layout.columns));
  for (std::size_t r = 0; r < layout.rows.size(); ++r) {
    const bool output_row = int(r) == hl.row;
    const bool far_row = hl.row >= 0 && !output_row;
    CellGrid strip;
    if (dense) {
      strip.width = columns;
      strip.height = 1;
      strip.cells.assign(std::size_t(columns), 0);
      strip.palette = node_palette();
    }
    for (const LayoutBox& box : layout.rows[r].boxes) {
      const float cx = f.x(box.x), half = box.width * f.px_per_col * 0.5f;
      if (cx + half < view_left || cx - half > view_right) continue;
      bool in = false;
      for (std::uint32_t k = 0; k < box.count && !in; ++k) in = is_input[box.first_node + k];
      const NodeStyle style = node_style(t, box, far_row && !in);
      if (dense) {
        const int c0 = std::max(0, int(std::floor(box.x - box.width * 0.5f)));
        const int c1 = std::min(columns, std::max(c0 + 1, int(std::ceil(box.x + box.width * 0.5f))));
        for (int c = c0; c < c1; ++c) strip.cells[std::size_t(c)] = style.category;
        continue;
      }
      const ImVec2 lo(cx - half + gap * 0.5f, f.top(r)), hi(cx + half - gap * 0.5f, f.bottom(r));
      float border = 0.0f;
      ImU32 stroke = 0;
      if (output_row && box.written > 0) {
        border = 2.0f * scale;
        stroke = colors().highlight;
      } else if (in) {
        border = 1.5f * scale;
        stroke = colors().hot_edge;
      }
      if (hi.x - lo.x < 4.0f * scale) border = 0.0f;  // outlines would swallow tiny boxes
      nodes.box(lo, hi, style.fill, radius, border, stroke);
      if (output_row && ctx.app.probes)
        ctx.probe("tree", "outputs", cx, lo.y + std::max(2.0f, (hi.y - lo.y) * 0.18f));
      labels.push_back({ImVec2(cx, f.row_center(r)), box.first_node, style.fill, hi.x - lo.x, layout.rows[r].aggregated});
    }
    if (dense) {
      ctx.gl.draw_grid(dl, ImVec2(f.x(0.0f), f.top(r)), ImVec2(f.x(float(columns)), f.bottom(r)), std::move(strip));
      if (output_row) {  // outline each run of written nodes
        const auto& boxes = layout.rows[r].boxes;
        for (std::size_t i = 0; i < boxes.size();) {
          if (!boxes[i].written) {
            ++i;
            continue;
          }
          std::size_t j = i;
          while (j + 1 < boxes.size() && boxes[j + 1].written) ++j;
          const float x0 = f.x(boxes[i].x - boxes[i].width * 0.5f), x1 = f.x(boxes[j].x + boxes[j].width * 0.5f);
          nodes.box(ImVec2(x0 - 2.0f, f.top(r) - 2.0f), ImVec2(x1 + 2.0f, f.bottom(r) + 2.0f), 0, 2.0f, 2.0f * scale,
                    colors().highlight);
          i = j + 1;
        }
      }
    }
  }
  ctx.gl.draw(dl, std::move(nodes));
  if (ctx.app.probes) ctx.probe_touch("tree", "outputs");

  // Values, a row at a time: all of a row's or none, so a row never shows some numbers and
  // hides others. When the body font is too wide for the boxes a smaller one is tried.
  ImFont* font = ImGui::GetFont();
  const float body = ImGui::GetFontSize();
  for (std::size_t first = 0; first < labels.size();) {
    std::size_t last = first;
    while (last < labels.size() && t.nodes[labels[last].node].row == t.nodes[labels[first].node].row) ++last;
    auto all_fit = [&](float size) {
      for (std::size_t i = first; i < last; ++i) {
        const Label& l = labels[i];
        if (l.aggregated) return false;  // a bucket of elements has no single value
        const std::string text = t.values.text(t.nodes[l.node].bits);
        const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str());
        if (extent.x + 4.0f * scale > l.width || extent.y > f.node_h + 2.0f) return false;
      }
      return true;
    };
    const float size = all_fit(body) ? body : all_fit(body * 0.75f) ? body * 0.75f : 0.0f;
    for (std::size_t i = first; size > 0.0f && i < last; ++i) {
      const Label& l = labels[i];
      const std::string text = t.values.text(t.nodes[l.node].bits);
      const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str());
      dl->AddText(font, size, ImVec2(l.center.x - extent.x * 0.5f, l.center.y - extent.y * 0.5f),
                  text_on(l.fill | IM_COL32_A_MASK), text.c_str());
    }
    first = last;
  }

  dl->PopClipRect();

  if (hovered) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int r = int((m.y - f.min.y) / f.row_h);
    if (r >= 0 && std::size_t(r) < layout.rows.size() && std::fabs(m.y - f.row_center(std::size_t(r))) <= f.node_h * 0.5f) {
      const float col = (m.x - f.x0) / f.px_per_col;
      for (const LayoutBox& box : layout.rows[std::size_t(r)].boxes)
        if (col >= box.x - box.width * 0.5f && col < box.x + box.width * 0.5f) {
          node_tooltip(t, box.first_node, views.trace.meta);
          break;
        }
    }
  }

  ImGui::SetCursorScreenPos(ImVec2(origin.x, f.max.y + ImGui::GetStyle().ItemSpacing.y));
  if (timed) draw_step_time_note(block);
  const float legend_top = ImGui::GetCursorScreenPos().y;
  draw_legend(t);
  const float legend_bottom = ImGui::GetCursorScreenPos().y;
  cam.legend_h = legend_bottom - legend_top + ImGui::GetStyle().ItemSpacing.y;  // next frame makes room for it all
  if (ctx.app.probes) {  // the tree's frame, and the legend's last line: a test checks nothing is cut
    ctx.probe("tree", "frame", f.min.x, f.min.y);
    ctx.probe("tree", "frame", f.max.x, f.max.y);
    ctx.probe("tree", "legend_end", origin.x, legend_bottom);
  }
}

}  // namespace wl::ui
