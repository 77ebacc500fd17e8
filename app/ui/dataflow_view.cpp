// The dataflow diagram: every value the inspected block's threads wrote or read, in every launch
// of the run, as nodes in rows of (launch, step) and columns of locations; each edge a copy,
// combine, swap or atomic, as the kernels recorded them. Wheel zooms, drag pans, hover reads a
// node; the current step's row is banded.
#include "ui/view_drawers.h"  // draw_<id>_view: declared there with what it draws

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/value_ops.h"
#include "ui/legend.h"
#include "ui/palette.h"
#include "ui/theme.h"
#include "ui/tree_camera.h"

namespace wl::ui {
namespace {

ImU32 written_color() { return colors().written; }  // a value a thread wrote
ImU32 row_label_color() { return colors().label; }
ImU32 guide_color() { return colors().guide; }

// The view's own camera per side: its columns are not the tree's.
TreeCamera g_cameras[2];

ImU32 edge_color(DataflowEdgeKind kind) {
  switch (kind) {
    case DataflowEdgeKind::Copy: return colors().sky_blue;
    case DataflowEdgeKind::Combine: return colors().orange;
    case DataflowEdgeKind::Swap: return colors().reddish_purple;
    case DataflowEdgeKind::Atomic: return colors().yellow;
  }
  return guide_color();
}

const char* edge_kind_text(DataflowEdgeKind kind) {
  switch (kind) {
    case DataflowEdgeKind::Copy: return "copy of";
    case DataflowEdgeKind::Combine: return "combines";
    case DataflowEdgeKind::Swap: return "swap: copy of";
    case DataflowEdgeKind::Atomic: return "atomic into";
  }
  return "";
}

ImU32 node_fill(const DataflowNode& n) {
  switch (n.kind) {
    case DataflowNodeKind::Input: return colors().input;
    case DataflowNodeKind::Initial: return colors().empty;
    case DataflowNodeKind::Written: return written_color();
  }
  return colors().empty;
}

// Global nodes read with their buffer's type (a u32 ticket in an f32 run), others with the run's.
std::string value_text(const TraceViews& v, const DataflowNode& n, bool exact) {
  if (!n.value_recorded) return "not recorded";
  std::string type = v.trace.meta.type;
  if (n.space == DataflowSpace::Global)
    if (const BufferRecord* b = v.trace.meta.buffer(n.buffer)) type = b->type;
  ValueOps ops;
  if (parse_value_ops(v.trace.meta.op, type, ops)) return exact ? ops.exact_text(n.bits) : ops.text(n.bits);
  char hex[24];
  std::snprintf(hex, sizeof hex, "0x%llx", (unsigned long long)n.bits);
  return hex;
}

std::string row_text(const TraceMeta& meta, const DataflowNode& n) {
  std::string text = launch_name(meta, n.launch);
  if (n.launch < meta.launches.size()) text += " (" + meta.launches[n.launch].name + ")";
  return text + " \u00b7 " + step_label(meta, n.step);
}

void node_tooltip(const TraceViews& v, const DataflowGraph& g, std::uint32_t node) {
  const TraceMeta& meta = v.whole().meta;
  const DataflowNode& n = g.nodes[node];
  ImGui::BeginTooltip();
  ImGui::Text("%s%s", location_name(n, meta).c_str(),
              n.space == DataflowSpace::Global ? "" : (" of block " + std::to_string(n.block)).c_str());
  ImGui::TextDisabled("%s", row_text(meta, n).c_str());
  switch (n.kind) {
    case DataflowNodeKind::Input: ImGui::Text("an input of the run, first read here"); break;
    case DataflowNodeKind::Initial:
      ImGui::Text("its value before the first recorded write (the host, or a block not recorded)");
      break;
    case DataflowNodeKind::Written:
      ImGui::Text("written by thread %d of block %u (warp %d, lane %d)", n.thread, n.block, n.thread / 32, n.thread % 32);
      break;
  }
  auto [first, last] = g.edges_into(node);
  const bool atomic = first != last && first->kind == DataflowEdgeKind::Atomic;
  const char* what = n.space == DataflowSpace::Register ? "value received" : atomic ? "atomic operand" : "value";
  ImGui::Text("%s %s", what, value_text(v, n, true).c_str());
  if (first != last) {
    std::string from;
    for (const DataflowEdge* e = first; e != last; ++e) {
      if (!from.empty()) from += ", ";
      from += location_name(g.nodes[e->from], meta);
    }
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
    ImGui::TextWrapped("%s %s", edge_kind_text(first->kind), from.c_str());
    if (std::any_of(first, last, [](const DataflowEdge& e) { return e.racy; }))
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem),
                         "a race: a read saw another version than the one it should (written in the same step by "
                         "another thread, with no barrier between, or an older one)");
    ImGui::PopTextWrapPos();
  }
  ImGui::EndTooltip();
}

void draw_legend(bool recorded) {
  legend_begin();
  legend_item(edge_color(DataflowEdgeKind::Copy), "copy", SwatchShape::Line);
  legend_item(edge_color(DataflowEdgeKind::Combine), "combine (2+ sources)", SwatchShape::Line);
  legend_item(edge_color(DataflowEdgeKind::Swap), "swap (exchange)", SwatchShape::DashedLine);
  legend_item(edge_color(DataflowEdgeKind::Atomic), "atomic", SwatchShape::Line);
  legend_item(colors().problem, "race (read the wrong version)", SwatchShape::DashedLine);
  legend_item(written_color(), "written");
  legend_item(colors().input, "input of the run");
  legend_item(colors().empty, "value from before (host or unrecorded block)");
  legend_text("hover a node: where, when, who wrote it, from what");
  // A program recorded on a GPU (`warplens record`): the patches see memory, not registers.
  if (recorded)
    legend_text("recorded on a GPU, which shows no registers: a store is drawn from every value its thread read or "
                "received since its last store");
  legend_end();
}

// Where layout units land on screen: columns across (zoomed, panned), units down.
struct Frame {
  TreeFrame x;           // the tree camera's horizontal frame
  float top = 0, unit = 1;  // screen y of layout y = 0, pixels per layout unit
  float y(float units) const { return top + units * unit; }
};

void place_x(Frame& f, const TreeCamera& cam, float columns) {
  f.x.px_per_col = (f.x.max.x - f.x.min.x) / columns * cam.zoom;
  f.x.x0 = f.x.min.x - cam.pan_x * f.x.px_per_col;
}

// One line of the run's shape above the diagram.
void summary(const TraceMeta& meta, const DataflowLayout& l) {
  std::string text = "block " + std::to_string(l.block) + ": ";
  for (std::size_t k = 0; k < meta.launches.size(); ++k) {
    if (k) text += meta.ranks > 1 ? ", " : ", then ";  // ranks run at once
    text += launch_name(meta, k) + " " + meta.launches[k].name + " (" +
            std::to_string(meta.launches[k].grid_dim) + (meta.launches[k].grid_dim == 1 ? " block)" : " blocks)");
  }
  ImGui::PushTextWrapPos(0.0f);  // a narrow pane (compare mode) takes two lines, not cuts it
  ImGui::TextDisabled("%s; %zu values, %zu edges", text.c_str(), l.nodes.size(), l.edges.size());
  if (l.truncated)
    ImGui::TextColored(warning_color(), "(showing %zu of %zu values: values written first, then the values they read)",
                       l.nodes.size(), l.node_total);
  ImGui::PopTextWrapPos();
}

// Above the columns: each group's bracket and name ("input 0-255", "partials (8 of 0-63)"), and
// the columns' indices once they are wide enough to read.
void draw_column_headers(ImDrawList* dl, const DataflowLayout& l, const TreeFrame& f, float top, float scale) {
  const float left = f.min.x, right = f.max.x;
  const float small = ImGui::GetFontSize() * 0.8f;
  ImFont* font = ImGui::GetFont();
  std::uint32_t widest = 0;
  for (const DataflowColumn& c : l.columns) widest = std::max(widest, c.index);
  const std::string digits(std::to_string(widest).size(), '0');
  const bool indices = f.px_per_col >= font->CalcTextSizeA(small, FLT_MAX, 0.0f, digits.c_str()).x + 4.0f * scale;
  const float bracket_y = top + ImGui::GetTextLineHeight() + 3.0f * scale;
  float free_from = left;  // labels never overlap: the next starts right of this
  for (const DataflowColumnGroup& grp : l.groups) {
    const float x0 = std::max(f.x(grp.left), left), x1 = std::min(f.x(grp.right), right);
    if (x1 <= x0) continue;
    dl->AddLine(ImVec2(x0 + 1.0f, bracket_y), ImVec2(x1 - 1.0f, bracket_y), guide_color(), 2.0f * scale);
    const std::uint32_t lo = l.columns[grp.first_column].index;
    const std::uint32_t hi = l.columns[grp.first_column + grp.column_count - 1].index;
    std::string text = grp.label + " " + std::to_string(lo);
    if (hi != lo) text += "\u2013" + std::to_string(hi);
    if (hi - lo + 1 != grp.column_count) text += " (" + std::to_string(grp.column_count) + ")";
    if (ImGui::CalcTextSize(text.c_str()).x > x1 - x0) text = grp.label;
    const float w = ImGui::CalcTextSize(text.c_str()).x;
    const float x = std::min(std::max((x0 + x1 - w) * 0.5f, free_from), right - w);
    if (x < free_from) continue;
    dl->AddText(ImVec2(x, top), colors().soft_text, text.c_str());
    free_from = x + w + ImGui::GetFontSize();
  }
  if (!indices) return;
  for (const DataflowColumn& c : l.columns) {
    const float x = f.x(c.x);
    if (x < left || x > right) continue;
    const std::string text = std::to_string(c.index);
    const ImVec2 ext = font->CalcTextSizeA(small, FLT_MAX, 0.0f, text.c_str());
    dl->AddText(font, small, ImVec2(x - ext.x * 0.5f, bracket_y + 3.0f * scale), row_label_color(), text.c_str());
  }
}

}  // namespace

void draw_dataflow_view(ViewContext& ctx, const TraceViews& views, const BlockViews& block) {
  if (!views.dataflow || block.dataflow.empty()) {
    ImGui::TextDisabled("No dataflow: the inspected block recorded no loads, stores, shuffles or atomics.");
    return;
  }
  const DataflowLayout& l = block.dataflow;
  const DataflowGraph& g = *views.dataflow;
  const TraceMeta& meta = views.whole().meta;
  summary(meta, l);

  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float scale = ctx.app.ui_scale;
  const float line = ImGui::GetTextLineHeight();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const bool recorded = meta.family == kRecordedFamily;
  const float legend_h = legend_reserve((avail.x < 1400.0f * scale ? 3 : 2) + (recorded ? 1 : 0));
  float label_w = 0.0f;
  for (const DataflowRow& r : l.rows) label_w = std::max(label_w, ImGui::CalcTextSize(r.label.c_str()).x);
  label_w = std::min(label_w + 20.0f * scale, avail.x * 0.3f);
  const float header_h = line * 2.4f;  // group names, then column indices

  TreeCamera& cam = g_cameras[ctx.side];
  clamp_camera(cam, l.width);
  Frame f;
  f.x.min = ImVec2(origin.x + label_w, origin.y + header_h);
  f.x.max = ImVec2(origin.x + avail.x - 8.0f * scale, origin.y + std::max(60.0f, avail.y - legend_h));
  f.top = f.x.min.y;
  f.unit = (f.x.max.y - f.x.min.y) / std::max(l.height, 1.0f);
  place_x(f, cam, l.width);

  ImGui::InvisibleButton("##dataflow_canvas", ImVec2(avail.x, f.x.max.y - origin.y));
  const bool hovered = ImGui::IsItemHovered();
  handle_camera_input(cam, f.x, l.width, hovered, ImGui::IsItemActive());
  place_x(f, cam, l.width);

  // Box sizes: a gap between columns while they are wide enough to show one.
  const float box_w = f.x.px_per_col >= 6.0f ? std::min(f.x.px_per_col * 0.8f, 90.0f * scale) : f.x.px_per_col;
  auto box_h = [&](std::uint32_t row) {
    return std::clamp(l.level_height(row) * f.unit * 0.55f, 2.0f, 34.0f * scale);
  };
  auto center = [&](const DataflowLayoutNode& n) { return ImVec2(f.x.x(n.x), f.y(n.y)); };

  // The node under the mouse, if any.
  std::uint32_t hot = kNoDataflowNode;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (hovered && mouse.x >= f.x.min.x)
    for (std::uint32_t i = 0; i < l.nodes.size(); ++i) {
      const ImVec2 c = center(l.nodes[i]);
      const float hw = std::max(box_w, 6.0f) * 0.5f, hh = std::max(box_h(l.nodes[i].row), 6.0f) * 0.5f;
      if (std::fabs(mouse.x - c.x) <= hw && std::fabs(mouse.y - c.y) <= hh) hot = i;
    }

  const int current = l.row_of(std::uint16_t(views.launch), ctx.step);
  const float left = f.x.min.x - 2.0f, right = f.x.max.x + 2.0f;

  // Rows: the current step's band, launch separators, labels on the left.
  dl->PushClipRect(origin, ImVec2(origin.x + avail.x, f.x.max.y), true);
  for (std::size_t r = 0; r < l.rows.size(); ++r) {
    const DataflowRow& row = l.rows[r];
    const float y0 = f.y(row.top), y1 = f.y(row.top + row.height);
    if (int(r) == current) dl->AddRectFilled(ImVec2(origin.x, y0), ImVec2(f.x.max.x, y1), colors().band);
    if (r > 0 && row.launch != l.rows[r - 1].launch) {
      const float y = (f.y(l.rows[r - 1].top + l.rows[r - 1].height) + y0) * 0.5f;
      dl->AddLine(ImVec2(origin.x, y), ImVec2(f.x.max.x, y), guide_color(), 1.5f * scale);
    }
  }
  dl->PopClipRect();
  // Row labels, whole or not at all: rows thinner than a line (a long run in a small pane) label
  // every few, the current row always; a label wider than its column drops its "launch k · "
  // (the separators show the launches). Inside the canvas's height, never across its edge.
  auto label_of = [&](std::size_t r) {
    const std::string& text = l.rows[r].label;
    if (ImGui::CalcTextSize(text.c_str()).x <= label_w - 6.0f * scale) return text;
    const std::size_t dot = text.find("\u00b7 ");
    return dot == std::string::npos ? std::string() : text.substr(dot + 3);  // the dot is 2 bytes
  };
  auto label_y = [&](std::size_t r) {
    const float y0 = f.y(l.rows[r].top), y1 = f.y(l.rows[r].top + l.rows[r].height);
    return std::max(origin.y + header_h, std::min((y0 + y1 - line) * 0.5f, f.x.max.y - line));  // the top wins
  };
  const float current_y = current >= 0 ? label_y(std::size_t(current)) : -1e9f;
  float free_from = -1e9f;  // the last label's bottom
  for (std::size_t r = 0; r < l.rows.size(); ++r) {
    const float y = label_y(r);
    const bool is_current = int(r) == current;
    if (!is_current && (y < free_from || std::fabs(y - current_y) < line)) continue;
    const std::string text = label_of(r);
    if (text.empty() || ImGui::CalcTextSize(text.c_str()).x > label_w - 6.0f * scale) continue;
    dl->AddText(ImVec2(origin.x + 6.0f * scale, y), is_current ? colors().text_current : row_label_color(), text.c_str());
    if (is_current) dl->AddRectFilled(ImVec2(origin.x, y), ImVec2(origin.x + 3.0f * scale, y + line), colors().highlight);
    free_from = y + line;
  }

  dl->PushClipRect(ImVec2(f.x.min.x, origin.y), ImVec2(f.x.max.x, f.x.max.y), true);
  draw_column_headers(dl, l, f.x, origin.y, scale);

  // Edges under the nodes; those of the current row and of the hovered node stand out.
  const bool squeezed = f.x.px_per_col < 3.0f * scale;
  ShapeBatch edges;
  edges.reserve(l.edges.size());
  for (const DataflowLayoutEdge& e : l.edges) {
    const DataflowLayoutNode& a = l.nodes[e.from];
    const DataflowLayoutNode& b = l.nodes[e.to];
    const ImVec2 p = center(a), q = center(b);
    if (std::max(p.x, q.x) < left || std::min(p.x, q.x) > right) continue;
    const bool lit = e.from == hot || e.to == hot;
    const bool now = int(b.row) == current;
    ImU32 color = e.racy ? colors().problem : edge_color(e.kind);
    float width = (squeezed ? 1.0f : 1.8f) * scale;
    if (lit) color = colors().highlight, width = 3.0f * scale;
    else if (now) width = 2.6f * scale;
    else if (hot != kNoDataflowNode || current >= 0) color = with_alpha(color, squeezed ? 0.35f : 0.6f);
    const float dash = e.kind == DataflowEdgeKind::Swap || e.racy ? 6.0f * scale : 0.0f;
    edges.segment(ImVec2(p.x, p.y + box_h(a.row) * 0.5f), ImVec2(q.x, q.y - box_h(b.row) * 0.5f), color, width, dash);
  }
  ctx.gl.draw(dl, std::move(edges));

  ShapeBatch boxes;
  boxes.reserve(l.nodes.size());
  const float radius = std::min(4.0f * scale, box_w * 0.25f);
  for (std::uint32_t i = 0; i < l.nodes.size(); ++i) {
    const ImVec2 c = center(l.nodes[i]);
    if (c.x + box_w < left || c.x - box_w > right) continue;
    const DataflowNode& n = g.nodes[l.nodes[i].node];
    const float hh = box_h(l.nodes[i].row) * 0.5f;
    const bool outline = n.kind == DataflowNodeKind::Initial || i == hot;
    boxes.box(ImVec2(c.x - box_w * 0.5f, c.y - hh), ImVec2(c.x + box_w * 0.5f, c.y + hh), node_fill(n), radius,
              outline && box_w >= 4.0f ? 1.5f * scale : 0.0f, i == hot ? colors().highlight : colors().border);
  }
  ctx.gl.draw(dl, std::move(boxes));

  // Values in the boxes, a whole row or none, as the tree does.
  ImFont* font = ImGui::GetFont();
  const float body = ImGui::GetFontSize();
  for (std::size_t first = 0; first < l.nodes.size();) {
    std::size_t last = first;
    while (last < l.nodes.size() && l.nodes[last].row == l.nodes[first].row) ++last;
    const float hh = box_h(l.nodes[first].row);
    auto fits = [&](float size) {
      for (std::size_t i = first; i < last; ++i) {
        const ImVec2 ext = font->CalcTextSizeA(size, FLT_MAX, 0.0f, value_text(views, g.nodes[l.nodes[i].node], false).c_str());
        if (ext.x + 4.0f * scale > box_w || ext.y > hh + 2.0f) return false;
      }
      return true;
    };
    const float size = box_w < 14.0f * scale ? 0.0f : fits(body) ? body : fits(body * 0.75f) ? body * 0.75f : 0.0f;
    for (std::size_t i = first; size > 0.0f && i < last; ++i) {
      const ImVec2 c = center(l.nodes[i]);
      if (c.x < left || c.x > right) continue;
      const DataflowNode& n = g.nodes[l.nodes[i].node];
      const std::string text = value_text(views, n, false);
      const ImVec2 ext = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str());
      dl->AddText(font, size, ImVec2(c.x - ext.x * 0.5f, c.y - ext.y * 0.5f), text_on(node_fill(n)), text.c_str());
    }
    first = last;
  }
  dl->PopClipRect();

  if (hot != kNoDataflowNode) node_tooltip(views, g, l.nodes[hot].node);
  ImGui::SetCursorScreenPos(ImVec2(origin.x, f.x.max.y + ImGui::GetStyle().ItemSpacing.y));
  draw_legend(recorded);
}

}  // namespace wl::ui
