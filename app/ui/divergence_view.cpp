// The divergence map: warps down, levels across; each cell shows the warp's 32 lanes (worked,
// idle, idle because the warp diverged) with a marker on divergent warps. Hover for the mask.
#include "ui/view_drawers.h"  // draw_<id>_view: declared there with what it draws

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>
#include <vector>

#include "trace/event_info.h"
#include "ui/legend.h"
#include "ui/palette.h"

namespace wl::ui {
namespace {

// Between the two: a lane that worked and also sat out one of its warp's operations.
ImU32 worked_and_diverged_color() { return blend_over(with_alpha(colors().diverged_lane, 0.5f), colors().active_lane); }

CellGrid lane_grid(const DivergenceMap& m) {
  CellGrid g;
  g.width = int(m.steps.size() * kWarpSize);
  g.height = int(m.warps);
  const std::vector<LaneUse> lanes = m.lane_grid();
  g.cells.resize(lanes.size());
  for (std::size_t i = 0; i < lanes.size(); ++i) g.cells[i] = std::uint8_t(lanes[i]);
  g.palette[std::size_t(LaneUse::None)] = colors().empty;
  g.palette[std::size_t(LaneUse::Active)] = colors().active_lane;
  g.palette[std::size_t(LaneUse::Idle)] = colors().idle;
  g.palette[std::size_t(LaneUse::Diverged)] = colors().diverged_lane;
  g.palette[std::size_t(LaneUse::Fault)] = colors().problem;
  g.palette[std::size_t(LaneUse::WorkedAndDiverged)] = worked_and_diverged_color();
  return g;
}

void cell_tooltip(const DivergenceMap& m, std::uint32_t warp, std::size_t column) {
  const DivergenceCell& c = m.cell(warp, column);
  ImGui::BeginTooltip();
  ImGui::Text("warp %u (threads %u-%u), %s", warp, warp * 32, warp * 32 + 31, m.label(column).c_str());
  if (!c.present) {
    ImGui::TextDisabled("recorded nothing in this step");
  } else {
    ImGui::Text("active lanes: %s (%u of 32)", lane_ranges(c.active_mask).c_str(), c.active_lanes());
    ImGui::Text("mask: %s", mask_hex(c.active_mask).c_str());
    if (int(column) == m.fault_column && warp == m.fault_warp)
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "the run stopped here; lanes %s (red) are what it is about",
                         lane_ranges(m.fault_lanes).c_str());
    if (c.divergent())
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "diverged: lanes %s were still running but sat out "
                         "an operation the others issued", lane_ranges(c.diverged_mask).c_str());
    else
      ImGui::TextDisabled("no divergence: every running lane issued every operation of the warp");
    if (c.branches)  // the kernel's declared branches (ctx.branch): their own count, not the measure
      ImGui::TextDisabled("declared branches: %u, %u of them split the warp", c.branches, c.divergent_branches);
  }
  ImGui::EndTooltip();
}

}  // namespace

void draw_divergence_view(ViewContext& ctx, const TraceViews& views, const BlockViews& block) {
  if (block.divergence.steps.empty()) {
    ImGui::TextDisabled("No divergence data: the inspected block recorded no events.");
    return;
  }
  const DivergenceMap& m = block.divergence;
  const float scale = ctx.app.ui_scale;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float line = ImGui::GetTextLineHeight();
  const float label_w = ImGui::CalcTextSize("warp 31 ").x + 6.0f * scale;
  const float header_h = line * 3.3f;  // the level, its active lanes, its divergent warps
  const bool worked_and_diverged = std::any_of(m.cells.begin(), m.cells.end(), [](const DivergenceCell& c) {
    return (c.active_mask & c.diverged_mask) != 0;
  });
  const float legend_h = legend_reserve((avail.x < 1200.0f * scale ? 3 : 2) + (worked_and_diverged ? 1 : 0));
  const float grid_w = avail.x - label_w;
  const float cell_w = grid_w / float(m.steps.size());
  // Every warp a row that can be seen from the back of a room, up to 16 warps (half a line each);
  // a block of more shrinks to 4 pixels a warp. Where the pane is shorter, the legend scrolls.
  const float least = m.warps <= 16 ? line * 0.5f : 4.0f;
  const float cell_h = std::clamp((avail.y - header_h - legend_h - line * 1.5f) / float(std::max(1u, m.warps)), least,
                                  std::max(least, 90.0f * scale));
  const ImVec2 g0(origin.x + label_w, origin.y + header_h);
  const float marker_h = std::max(3.0f, cell_h * 0.22f);
  const float pad = std::min(cell_w * 0.06f, 6.0f * scale);
  const int current = m.column_of_step(ctx.step);

  // Column headers: the level, then active lanes and divergent warps in it. Where a column is too
  // narrow for "12 lanes" and "2 diverged", it shows the numbers and the row labels say what they
  // are; a step name that does not fit shortens to its number ("level 3" -> "3"), never cut.
  struct Head {
    std::string step, lanes, diverged;
    unsigned divergent;
  };
  std::vector<Head> heads(m.steps.size());
  bool words_fit = true;
  for (std::size_t c = 0; c < m.steps.size(); ++c) {
    unsigned lanes = 0, divergent = 0;
    for (std::uint32_t w = 0; w < m.warps; ++w) {
      lanes += m.cell(w, c).active_lanes();
      divergent += m.cell(w, c).divergent();
    }
    heads[c] = {m.label(c), std::to_string(lanes) + (lanes == 1 ? " lane" : " lanes"),
                std::to_string(divergent) + " diverged", divergent};
    words_fit = words_fit && ImGui::CalcTextSize(heads[c].diverged.c_str()).x <= cell_w - 2 * pad &&
                ImGui::CalcTextSize(heads[c].lanes.c_str()).x <= cell_w - 2 * pad;
  }
  const ImU32 stat_color = colors().label;
  if (!words_fit) {
    dl->AddText(ImVec2(origin.x, origin.y + line * 1.05f), stat_color, "lanes");
    dl->AddText(ImVec2(origin.x, origin.y + line * 2.1f), stat_color, "diverged");
  }
  auto fitted = [&](const std::string& text) -> std::string {
    if (ImGui::CalcTextSize(text.c_str()).x <= cell_w - 2 * pad) return text;
    // The number alone: "level 3" -> "3", "12 lanes" -> "12"; else nothing rather than a cut word.
    const std::size_t space = text.find(' ');
    std::string shorter = text;
    if (space != std::string::npos)
      shorter = std::isdigit((unsigned char)text[0]) ? text.substr(0, space) : text.substr(text.rfind(' ') + 1);
    return ImGui::CalcTextSize(shorter.c_str()).x <= cell_w - pad ? shorter : std::string();
  };
  for (std::size_t c = 0; c < m.steps.size(); ++c) {
    const float x = g0.x + float(c) * cell_w;
    const bool cur = int(c) == current;
    if (cur)
      dl->AddRectFilled(ImVec2(x, origin.y), ImVec2(x + cell_w, g0.y + cell_h * float(m.warps)), colors().band);
    const Head& h = heads[c];
    dl->AddText(ImVec2(x + pad, origin.y), cur ? colors().text_current : colors().label_strong,
                fitted(h.step).c_str());
    dl->AddText(ImVec2(x + pad, origin.y + line * 1.05f), stat_color, fitted(words_fit ? h.lanes : h.lanes.substr(0, h.lanes.find(' '))).c_str());
    dl->AddText(ImVec2(x + pad, origin.y + line * 2.1f), h.divergent ? colors().problem : stat_color,
                fitted(words_fit ? h.diverged : std::to_string(h.divergent)).c_str());
  }
  // Row labels.
  for (std::uint32_t w = 0; w < m.warps; ++w) {
    if (cell_h < line * 0.9f && w % 4 != 0) continue;
    char label[24];
    std::snprintf(label, sizeof label, "warp %u", w);
    dl->AddText(ImVec2(origin.x, g0.y + (float(w) + 0.5f) * cell_h - line * 0.5f), colors().label_strong, label);
  }

  // Lanes: one texel per lane, stretched; the gaps and markers go on top.
  const ImVec2 g1(g0.x + grid_w, g0.y + cell_h * float(m.warps));
  ctx.gl.draw_grid(dl, g0, g1, lane_grid(m));
  ShapeBatch marks;
  for (std::size_t c = 0; c <= m.steps.size(); ++c) {  // column gaps
    const float x = g0.x + float(c) * cell_w;
    marks.box(ImVec2(x - pad * 0.5f, g0.y), ImVec2(x + pad * 0.5f, g1.y), colors().gap);
  }
  if (cell_h >= 8.0f)
    for (std::uint32_t w = 0; w <= m.warps; ++w) {  // row gaps
      const float y = g0.y + float(w) * cell_h;
      marks.box(ImVec2(g0.x, y - 1.0f), ImVec2(g1.x, y + 1.0f), colors().gap);
    }
  for (std::uint32_t w = 0; w < m.warps; ++w)
    for (std::size_t c = 0; c < m.steps.size(); ++c) {
      const float x = g0.x + float(c) * cell_w, y = g0.y + float(w) * cell_h;
      const ImVec2 lo(x + pad * 0.5f, y + 1.0f), hi(x + cell_w - pad * 0.5f, y + 1.0f + marker_h);
      if (m.cell(w, c).divergent()) {
        marks.box(lo, hi, colors().problem);
      } else {
        marks.box(lo, hi, colors().gap);
      }
      if (ctx.app.probes) ctx.probe("divergence", "markers", (lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f);
    }
  if (current >= 0) {  // the current column's outline
    const float x = g0.x + float(current) * cell_w;
    const float t = 2.0f * scale;
    marks.box(ImVec2(x - t, g0.y - t), ImVec2(x + t * 0.5f, g1.y + t), colors().highlight);
    marks.box(ImVec2(x + cell_w - t * 0.5f, g0.y - t), ImVec2(x + cell_w + t, g1.y + t), colors().highlight);
  }
  ctx.gl.draw(dl, std::move(marks));
  if (ctx.app.probes) ctx.probe_touch("divergence", "markers");

  ImGui::InvisibleButton("##divergence_canvas", ImVec2(avail.x, g1.y - origin.y));
  if (ImGui::IsItemHovered()) {
    const ImVec2 mp = ImGui::GetIO().MousePos;
    const int c = int((mp.x - g0.x) / cell_w), w = int((mp.y - g0.y) / cell_h);
    if (mp.x >= g0.x && mp.y >= g0.y && c >= 0 && std::size_t(c) < m.steps.size() && w >= 0 && std::uint32_t(w) < m.warps) {
      cell_tooltip(m, std::uint32_t(w), std::size_t(c));
      ctx.probe("divergence", "hovered_cell", float(c), float(w));  // which cell, not where
    }
  }

  char summary[128];
  std::snprintf(summary, sizeof summary, "Block %u: %u of %u working warp-steps diverged.", m.block,
                m.divergent_warp_steps, m.active_warp_steps);
  ImGui::TextUnformatted(summary);
  if (m.fault_column >= 0) {
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "The run stopped at %s: warp %u, lanes %s (red).",
                       m.label(std::size_t(m.fault_column)).c_str(), m.fault_warp,
                       lane_ranges(m.fault_lanes).c_str());
  }
  legend_begin();
  legend_item(colors().active_lane, "lane worked");
  if (worked_and_diverged)
    legend_item(worked_and_diverged_color(), "lane worked, and sat out an operation of its warp (diverged)");
  legend_item(colors().diverged_lane, "lane idle: its warp diverged");
  legend_item(colors().idle, "lane idle, warp did not diverge");
  legend_item(colors().problem, "divergent warp (bar); lanes a bug stopped the run at");
  legend_item(colors().empty, "warp recorded nothing");
  // A program recorded on a GPU (`warplens record`): the patches see no branch instruction.
  if (views.trace.meta.family == kRecordedFamily)
    legend_text("recorded on a GPU, where no branch is seen: a warp diverged where an access, shuffle or barrier ran on "
                "fewer of its live lanes");
  legend_end();
}

}  // namespace wl::ui
