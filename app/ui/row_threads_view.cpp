// Rows to threads (model/views/row_threads.h): the rows family's matrix, a cell an element,
// colored by the warp whose thread read it (odd blocks darker), each row labelled with who reads
// it, and one warp's load outlined with its sectors: a block or a warp a row reads neighbours,
// a thread a row reads one column of 32 rows.
#include "ui/view_drawers.h"  // draw_<id>_view: declared there with what it draws

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <set>
#include <string>

#include "model/views/row_threads.h"
#include "ui/legend.h"
#include "ui/palette.h"

namespace wl::ui {
namespace {

// Odd blocks in a darker shade of their warps' colors, so a block's rows stand apart.
ImU32 owner_color(const ElementOwner& o) {
  const ImU32 c = warp_color(o.warp());
  if (o.block % 2 == 0) return c;
  auto dim = [&](unsigned shift) { return ImU32(float((c >> shift) & 0xFF) * 0.6f) << shift; };
  return dim(IM_COL32_R_SHIFT) | dim(IM_COL32_G_SHIFT) | dim(IM_COL32_B_SHIFT) | (c & IM_COL32_A_MASK);
}

ImU32 hatch_color() { return colors().hatch; }
ImU32 wrap_color() { return colors().wrap; }

void hatch(ImDrawList* dl, ImVec2 lo, ImVec2 hi, float scale) {
  dl->PushClipRect(lo, hi, true);
  const float h = hi.y - lo.y, step = 5.0f * scale;
  for (float x = lo.x - h; x < hi.x; x += step) dl->AddLine(ImVec2(x, hi.y), ImVec2(x + h, lo.y), hatch_color(), 1.5f * scale);
  dl->PopClipRect();
}

void tooltip(const RowThreads& m, std::uint64_t row, std::uint64_t first, std::uint64_t last) {
  ImGui::BeginTooltip();
  if (last - first > 1)
    ImGui::Text("row %llu, columns %llu .. %llu", (unsigned long long)row, (unsigned long long)first,
                (unsigned long long)(last - 1));
  const CellOwners c = cell_owners(m, row, first, last);
  if (c.first == CellOwners::kNone) {
    if (last - first == 1) ImGui::Text("row %llu, column %llu", (unsigned long long)row, (unsigned long long)first);
    ImGui::TextDisabled("no recorded load read it: its block was not recorded (the app records up to 64)");
    ImGui::EndTooltip();
    return;
  }
  const ElementOwner& o = m.owners[c.first];
  ImGui::Text("row %llu, column %llu", (unsigned long long)row, (unsigned long long)(o.element % m.cols));
  ImGui::Text("block %u, warp %u, lane %u (thread %u)", o.block, o.warp(), o.lane(), unsigned(o.thread));
  ImGui::TextDisabled(o.in_shared ? "stored to shared memory as soon as it was read: held there"
                                  : "held in a register after the read");
  if (last - first > 1)
    ImGui::TextDisabled("%u thread%s of %u warp%s in %u block%s read these columns; the cell shows the first",
                        c.threads, c.threads == 1 ? "" : "s", c.warps, c.warps == 1 ? "" : "s", c.blocks,
                        c.blocks == 1 ? "" : "s");
  ImGui::EndTooltip();
}

// The outlined request in words: where its lanes read, and what it cost.
void request_line(const RowThreads& m) {
  if (!m.request) return;
  const OutlinedRequest& r = *m.request;
  char text[320];
  const bool wasteful = r.sectors > r.ideal;
  std::snprintf(text, sizeof text,
                "Outlined: the first load of warp %u in block %u. Its %u lanes read %s%llu row%s: %u sectors of 32 "
                "bytes where %u would do%s",
                r.warp, r.block, r.lanes, r.rows == 1 ? "neighbours in " : "one column of ", (unsigned long long)r.rows,
                r.rows == 1 ? "" : "s", r.sectors, r.ideal,
                wasteful ? ": a row apart, every lane its own sector (uncoalesced)." : " (coalesced).");
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(wasteful ? colors().problem : colors().good), "%s", text);
  ImGui::PopTextWrapPos();
}

}  // namespace

void draw_row_threads_view(ViewContext& ctx, const TraceViews& views, const RowThreads& m) {
  if (m.owners.empty()) {
    ImGui::TextWrapped("%s", m.note.c_str());
    return;
  }
  ImGui::TextWrapped("The matrix, %llu rows of %llu: each cell an element, colored by the warp whose thread reads it; "
                     "left of each row, who reads it. Hover a cell for its block, warp and lane.",
                     (unsigned long long)m.rows, (unsigned long long)m.cols);
  if (views.launch_count > 1) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("Launch %u of %u, \"%s\": %u blocks of %u threads. Each launch maps the rows its own way: "
                        "pick another under Inspect.",
                        views.launch + 1, views.launch_count, m.launch.c_str(), m.grid_dim, m.block_dim);
    ImGui::PopTextWrapPos();
  }
  request_line(m);
  if (m.in_shared) {
    // Where the first row's staged columns begin: register-resident's past its registers.
    const RowSummary& first_row = m.row_summaries.front();
    std::uint64_t from = m.cols;
    for (std::size_t i = first_row.owners.first; i < m.owners.size() && m.owners[i].element / m.cols == first_row.row; ++i)
      if (m.owners[i].in_shared) {
        from = m.owners[i].element % m.cols;
        break;
      }
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("Hatched: from column %llu of row %llu on, each value is stored to shared memory the moment it "
                        "is read and held there, not in a register (%llu values in all).",
                        (unsigned long long)from, (unsigned long long)first_row.row, (unsigned long long)m.in_shared);
    ImGui::PopTextWrapPos();
  }

  const float scale = ctx.app.ui_scale;
  const float line = ImGui::GetTextLineHeight();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float legend_h = legend_reserve(avail.x < 1100.0f * scale ? 3 : 2);
  const float head_h = line * 1.3f;
  // Less the "... and N more rows" line, the Dummy's 2 px and the spacing before the legend.
  const float area_h =
      std::max(avail.y - legend_h - head_h - line - 2.0f * scale - ImGui::GetStyle().ItemSpacing.y, line * 4);
  const float row_h = std::clamp(area_h / float(m.rows), 3.0f * scale, line * 1.8f);
  const std::uint64_t shown = std::min<std::uint64_t>(m.rows, std::uint64_t(std::max(1.0f, area_h / row_h)));
  // Labels on every row when they fit, else on every k-th (k a power of two, so on warp and
  // block boundaries).
  std::uint64_t label_every = 1;
  while (float(label_every) * row_h < line * 1.05f) label_every *= 2;
  float owner_w = 0;
  for (std::uint64_t r = 0; r < shown; r += label_every)
    owner_w = std::max(owner_w, ImGui::CalcTextSize(row_owner_text(m, row_owners(m, r)).c_str()).x);
  char row_text[48];
  std::snprintf(row_text, sizeof row_text, "row %llu", (unsigned long long)(shown - 1));
  const float gap = line * 0.8f;
  const float row_w = ImGui::CalcTextSize(row_text).x + gap;
  const float strip_x = origin.x + row_w + owner_w + gap;
  const float strip_w = std::max(avail.x - (strip_x - origin.x) - gap, 60.0f);
  // One cell a column while cells stay 3 px wide; else a cell stands for `bin` columns.
  const std::uint64_t most = std::max<std::uint64_t>(1, std::uint64_t(strip_w / (3.0f * scale)));
  const std::uint64_t bin = (m.cols + most - 1) / most, cells = (m.cols + bin - 1) / bin;
  const float cell_w = strip_w / float(cells);
  const float cell_gap = cell_w >= 6.0f * scale ? 1.0f : 0.0f;
  const float lane_w = ImGui::CalcTextSize("00").x + 2.0f * scale;
  const bool lanes = bin == 1 && cell_w >= lane_w && row_h >= line;

  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  // Above the strip: its first and last column, and what a cell stands for.
  char head[96];
  std::snprintf(head, sizeof head, "column 0");
  dl->AddText(ImVec2(strip_x, origin.y), dim, head);
  std::snprintf(head, sizeof head, "column %llu", (unsigned long long)(m.cols - 1));
  dl->AddText(ImVec2(strip_x + strip_w - ImGui::CalcTextSize(head).x, origin.y), dim, head);
  if (bin > 1) {
    std::snprintf(head, sizeof head, "a cell: %llu columns, colored by the first", (unsigned long long)bin);
    const float w = ImGui::CalcTextSize(head).x;
    dl->AddText(ImVec2(strip_x + (strip_w - w) * 0.5f, origin.y), dim, head);
  }
  const float top = origin.y + head_h;
  std::uint32_t last_block = ~0u;
  for (std::uint64_t r = 0; r < shown; ++r) {
    const float y = top + float(r) * row_h, h = row_h - (row_h >= 6.0f * scale ? 1.0f : 0.0f);
    const CellOwners whole = row_owners(m, r);
    const std::uint32_t block = whole.first == CellOwners::kNone ? ~0u : m.owners[whole.first].block;
    if (r > 0 && block != last_block && row_h >= 4.0f * scale)  // a block starts here
      dl->AddLine(ImVec2(origin.x, y - 0.5f), ImVec2(strip_x + strip_w, y - 0.5f), colors().rule);
    last_block = block;
    if (r % label_every == 0) {
      const float ty = y + (h - line) * 0.5f;
      std::snprintf(row_text, sizeof row_text, "row %llu", (unsigned long long)r);
      dl->AddText(ImVec2(origin.x, ty), dim, row_text);
      dl->AddText(ImVec2(origin.x + row_w, ty), text, row_owner_text(m, whole).c_str());
      ctx.probe("rows", "labels", origin.x + row_w, ty + line * 0.5f);
    }
    float hatch_from = -1;
    for (std::uint64_t c = 0; c < cells; ++c) {
      const std::uint64_t first = c * bin, last = std::min(m.cols, first + bin);
      const ElementOwner* o = first_owner(m, r, first, last);
      const ImVec2 lo(strip_x + float(c) * cell_w, y), hi(lo.x + std::max(cell_w - cell_gap, 1.0f), y + h);
      const ImU32 fill = o ? owner_color(*o) : colors().empty;
      dl->AddRectFilled(lo, hi, fill);
      // Hatched runs of cells held in shared memory: one clip a run, not one a cell.
      const bool shared = o && o->in_shared;
      if (shared && hatch_from < 0) hatch_from = lo.x;
      if (hatch_from >= 0 && (!shared || c + 1 == cells)) {
        hatch(dl, ImVec2(hatch_from, y), ImVec2(shared ? hi.x : lo.x - cell_gap, y + h), scale);
        hatch_from = -1;
      }
      if (o && lanes) {
        char lane[4];
        std::snprintf(lane, sizeof lane, "%u", o->lane());
        const ImVec2 size = ImGui::CalcTextSize(lane);
        dl->AddText(ImVec2((lo.x + hi.x - size.x) * 0.5f, (lo.y + hi.y - size.y) * 0.5f), text_on(fill), lane);
      }
      if (mouse.x >= lo.x && mouse.x < lo.x + cell_w && mouse.y >= y && mouse.y < y + row_h) tooltip(m, r, first, last);
    }
  }
  // Where a row's threads start over: thread t reads t, t + block, ... (a few, or they would
  // hide the cells).
  if (!m.wraps.empty() && m.wraps.size() <= 64 && cell_w * float(m.wraps.front()) / float(bin) >= 8.0f * scale) {
    for (std::uint64_t col : m.wraps) {
      const float x = strip_x + float(col / bin) * cell_w - cell_gap * 0.5f;
      dl->AddLine(ImVec2(x, top - line * 0.25f), ImVec2(x, top + float(shown) * row_h), wrap_color(), 1.5f * scale);
    }
  }
  // The request outlined over the cells its lanes read.
  if (m.request) {
    std::set<std::pair<std::uint64_t, std::uint64_t>> outlined;  // (row, cell)
    for (std::uint64_t e : m.request->elements)
      if (e / m.cols < shown) outlined.insert({e / m.cols, (e % m.cols) / bin});
    // One box round each run of neighbouring cells in a row.
    for (auto it = outlined.begin(); it != outlined.end();) {
      auto end = std::next(it);
      while (end != outlined.end() && end->first == it->first && end->second == std::prev(end)->second + 1) ++end;
      const float y = top + float(it->first) * row_h, h = row_h - (row_h >= 6.0f * scale ? 1.0f : 0.0f);
      const float x0 = strip_x + float(it->second) * cell_w;
      const float x1 = strip_x + float(std::prev(end)->second) * cell_w + std::max(cell_w - cell_gap, 1.0f);
      dl->AddRect(ImVec2(x0 - 1, y - 1), ImVec2(x1 + 1, y + h + 1), colors().highlight, 0.0f, 0, 2.0f * scale);
      for (; it != end; ++it) ctx.probe("rows", "outlined", strip_x + (float(it->second) + 0.5f) * cell_w, y + h * 0.5f);
    }
  }
  float used = head_h + float(shown) * row_h;
  if (shown < m.rows) {
    char more[80];
    std::snprintf(more, sizeof more, "... and %llu more rows", (unsigned long long)(m.rows - shown));
    dl->AddText(ImVec2(origin.x, top + float(shown) * row_h + 2.0f * scale), dim, more);
    used += line;
  }
  ImGui::Dummy(ImVec2(avail.x, used + 2.0f * scale));

  legend_begin();
  ImU32 warps[kWarpColorCount];
  const unsigned warp_count = std::min<unsigned>(kWarpColorCount, std::max(1u, (m.block_dim + kWarpSize - 1) / kWarpSize));
  for (unsigned w = 0; w < warp_count; ++w) warps[w] = warp_color(w);
  char warp_text[64];
  if (warp_count == 1) std::snprintf(warp_text, sizeof warp_text, "warp 0 (a block of %u threads: one warp)", m.block_dim);
  else if (m.block_dim > kWarpColorCount * kWarpSize) std::snprintf(warp_text, sizeof warp_text, "warps 0-5, then again");
  else std::snprintf(warp_text, sizeof warp_text, "warps 0-%u", warp_count - 1);
  legend_colors(warps, int(warp_count), warp_text);
  if (std::any_of(m.owners.begin(), m.owners.end(), [](const ElementOwner& o) { return o.block % 2; })) {
    ElementOwner odd;
    odd.block = 1;
    legend_item(owner_color(odd), "odd-numbered blocks: darker; a line where a block starts");
  }
  legend_item(colors().highlight, "one load of one warp", SwatchShape::Outline);
  if (!m.wraps.empty() && m.wraps.size() <= 64) {
    const ElementOwner* o = owner_of(m, m.row_summaries.front().row, m.wraps.front());
    char wrap_text[96];
    std::snprintf(wrap_text, sizeof wrap_text, "the row's threads start over (column %llu: thread %u again)",
                  (unsigned long long)m.wraps.front(), o ? unsigned(o->thread) : 0u);
    legend_item(wrap_color(), wrap_text, SwatchShape::Line);
  }
  legend_end();
  legend_begin();
  if (lanes) legend_text("the number in a cell: its lane");
  if (m.in_shared) legend_item(warp_color(0), "hatched: held in shared memory, not registers", SwatchShape::Hatched);
  legend_item(colors().empty, "not recorded");
  legend_end();
}

}  // namespace wl::ui
