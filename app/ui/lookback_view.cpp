// The look-back timeline (model/views/lookback_timeline.h): a row per recorded tile, its span,
// when it published its aggregate and its inclusive prefix, and an arrow from each predecessor
// it waited on, at the moment the wait ended. Hover a row or a wait for the numbers.
#include "ui/view_drawers.h"  // draw_<id>_view: declared there with what it draws

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "model/views/lookback_timeline.h"
#include "ui/legend.h"
#include "ui/palette.h"
#include "ui/plot_data.h"

namespace wl::ui {
namespace {

ImU32 aggregate_color() { return colors().orange; }      // published its own total only
ImU32 inclusive_color() { return colors().bluish_green; } // published everything up to it
ImU32 wait_color() { return colors().problem; }                // read a predecessor with no status

std::string time_text(const LookbackTimeline& t, double at) {
  char text[48];
  if (!t.nanoseconds) std::snprintf(text, sizeof text, "%.0f", at);
  else if (t.end >= 10000) std::snprintf(text, sizeof text, "%.1f us", at / 1000.0);
  else std::snprintf(text, sizeof text, "%.0f ns", at);
  return text;
}

}  // namespace

void draw_lookback_view(ViewContext& ctx, const TraceViews& views, const LookbackTimeline& t) {
  if (!t.found()) {
    ImGui::TextWrapped("This launch publishes no tile status. The timeline belongs to a single-pass scan "
                       "of several tiles: one tile has nothing to look back on, so take a larger n. "
                       "Every recorded block is a row.");
    return;
  }
  const float scale = ctx.app.ui_scale;
  ImGui::TextWrapped("%zu tile%s recorded of %u. Time: %s", t.tiles.size(), t.tiles.size() == 1 ? "" : "s",
                     views.trace.meta.grid_dim,
                     t.nanoseconds ? "the GPU's global timer, in an instrumented run (recording slows it; the order and "
                                     "the waits are real, the durations are not the plain kernel's)"
                                   : "simulator ticks, the order it ran events in (no duration: run on a GPU for time)");

  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float legend = legend_reserve(2);
  const float label_w = ImGui::CalcTextSize("tile 0000 (block 0000) ").x;
  const float axis_h = ImGui::GetTextLineHeightWithSpacing() * 1.5f;
  const float plot_w = std::max(avail.x - label_w - 12 * scale, 50.0f);
  const float rows_h = std::max(avail.y - legend - axis_h, 40.0f);
  const float row_h = std::clamp(rows_h / float(t.tiles.size()), 3.0f * scale, 28.0f * scale);
  const double end = double(std::max<std::uint64_t>(t.end, 1));
  auto x_of = [&](double at) { return origin.x + label_w + float(at / end) * plot_w; };
  auto y_of = [&](std::size_t row) { return origin.y + axis_h + float(row) * row_h; };
  ImDrawList* draw = ImGui::GetWindowDrawList();
  // Thousands of tiles would run past the legend at the smallest row height: they are cut.
  draw->PushClipRect(origin, ImVec2(origin.x + avail.x, origin.y + axis_h + rows_h), true);

  // Axis along the top.
  for (const PlotTick& tick : linear_ticks(0, end, std::max(1, int(plot_w / (90 * scale))))) {
    const double at = tick.value;
    const float x = x_of(at);
    draw->AddLine(ImVec2(x, origin.y + axis_h - 4 * scale), ImVec2(x, y_of(t.tiles.size())), colors().grid);
    const std::string label = time_text(t, at);
    const float right = origin.x + avail.x - ImGui::CalcTextSize(label.c_str()).x;  // the last label stays inside
    draw->AddText(ImVec2(std::min(x + 2 * scale, right), origin.y), ImGui::GetColorU32(ImGuiCol_Text), label.c_str());
  }

  // Rows thinner than a line of text are labelled every few rows, so tiles can still be found.
  const std::size_t label_every = std::size_t(std::ceil(ImGui::GetTextLineHeight() / row_h));
  const float bar = std::max(row_h * 0.6f, 2.0f);
  std::size_t row_of_tile_max = 0;
  for (const TileTimeline& tile : t.tiles) row_of_tile_max = std::max<std::size_t>(row_of_tile_max, tile.tile);
  std::vector<int> row_of(row_of_tile_max + 1, -1);
  for (std::size_t r = 0; r < t.tiles.size(); ++r) row_of[t.tiles[r].tile] = int(r);

  const ImVec2 mouse = ImGui::GetIO().MousePos;
  std::string hover;
  for (std::size_t r = 0; r < t.tiles.size(); ++r) {
    const TileTimeline& tile = t.tiles[r];
    const float top = y_of(r) + (row_h - bar) * 0.5f, bottom = top + bar;
    if (r % label_every == 0) {
      char label[48];
      std::snprintf(label, sizeof label, "tile %u (block %u)", tile.tile, tile.block);
      const float line = ImGui::GetTextLineHeight();
      draw->AddText(ImVec2(origin.x, y_of(r) + std::max(0.0f, (row_h - line) * 0.5f)), ImGui::GetColorU32(ImGuiCol_Text),
                    label);
    }
    draw->AddRectFilled(ImVec2(x_of(double(tile.start)), top), ImVec2(x_of(double(tile.end)), bottom), colors().idle);
    const std::uint64_t inclusive = std::min(tile.inclusive, tile.end);
    if (tile.aggregate != kNever)
      draw->AddRectFilled(ImVec2(x_of(double(tile.aggregate)), top), ImVec2(x_of(double(inclusive)), bottom), aggregate_color());
    if (tile.inclusive != kNever)
      draw->AddRectFilled(ImVec2(x_of(double(tile.inclusive)), top), ImVec2(std::max(x_of(double(tile.end)), x_of(double(tile.inclusive)) + 2 * scale), bottom),
                          inclusive_color());
    for (const TileWait& w : tile.waits) {
      const double until = w.until == kNever ? double(t.end) : double(w.until);
      const ImVec2 a(x_of(double(w.from)), top + bar * 0.25f), b(std::max(x_of(until), x_of(double(w.from)) + 2 * scale), bottom - bar * 0.25f);
      draw->AddRectFilled(a, b, wait_color());
      // From the predecessor's row, at the moment the wait ended: who released whom.
      if (w.predecessor < row_of.size() && row_of[w.predecessor] >= 0 && w.until != kNever) {
        const float from_y = y_of(std::size_t(row_of[w.predecessor])) + row_h * 0.5f;
        draw->AddLine(ImVec2(x_of(until), from_y), ImVec2(x_of(until), top), wait_color(), 1.5f * scale);
      }
      if (ImGui::IsMouseHoveringRect(a, ImVec2(b.x + 2 * scale, b.y)) || (mouse.y >= top && mouse.y < bottom && mouse.x >= a.x && mouse.x <= b.x))
        hover = describe_wait(t, tile, w);
    }
    if (hover.empty() && mouse.y >= y_of(r) && mouse.y < y_of(r) + row_h && mouse.x >= origin.x && mouse.x < x_of(end)) {
      char text[256];
      std::snprintf(text, sizeof text, "tile %u (block %u): started %s, aggregate %s, inclusive prefix %s, %u status read%s, %zu wait%s",
                    tile.tile, tile.block, time_text(t, double(tile.start)).c_str(),
                    tile.aggregate == kNever ? "never (tile 0 has no predecessor)" : time_text(t, double(tile.aggregate)).c_str(),
                    tile.inclusive == kNever ? "never" : time_text(t, double(tile.inclusive)).c_str(), tile.reads,
                    tile.reads == 1 ? "" : "s", tile.waits.size(), tile.waits.size() == 1 ? "" : "s");
      hover = text;
    }
    if (ctx.app.probes) ctx.probe("lookback", "rows", origin.x + 4 * scale, y_of(r) + row_h * 0.5f);
  }
  draw->PopClipRect();
  if (!hover.empty()) ImGui::SetTooltip("%s", hover.c_str());

  ImGui::SetCursorScreenPos(ImVec2(origin.x, std::min(y_of(t.tiles.size()), origin.y + axis_h + rows_h) + 4 * scale));
  legend_begin();
  legend_item(colors().idle, "working, nothing published");
  legend_item(aggregate_color(), "aggregate published (its own total)");
  legend_item(inclusive_color(), "inclusive prefix published");
  legend_item(wait_color(), "waiting on a predecessor with no status; the line rises from it");
  legend_end();
}

}  // namespace wl::ui
