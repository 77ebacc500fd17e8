// The bins view (model/views/bin_bars.h): the histogram as the recorded blocks fill it, step by
// step, over a faint outline of where it ends; each block's private copy beside it, for the
// variants that privatise; and under it, per bin, the atomic lanes that hit it and the passes
// they were serialised into. Hover a bin for its numbers.
#include "ui/view_drawers.h"  // draw_<id>_view: declared there with what it draws

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <string>

#include "model/views/bin_bars.h"
#include "ui/legend.h"
#include "ui/palette.h"
#include "ui/plot_data.h"

namespace wl::ui {
namespace {

ImU32 count_color() { return colors().sky_blue; }        // counted so far
ImU32 final_color() { return colors().shade; }  // where the recorded blocks end
ImU32 private_color() { return colors().bluish_green; }  // a block's private copy
ImU32 pass_color() { return colors().problem; }               // serialised atomic passes

constexpr int kMostCopies = 8;

std::uint64_t largest(const std::vector<std::uint64_t>& v) {
  return v.empty() ? 0 : *std::max_element(v.begin(), v.end());
}

// Bars for `values` in the rectangle [at, at + size], `top` at full height. With more bins than
// pixels, a column shows the largest of its bins. Returns the bin under the mouse, or -1.
int bar_chart(ImDrawList* draw, ImVec2 at, ImVec2 size, const std::vector<std::uint64_t>& values, double top,
              ImU32 color, const std::vector<std::uint64_t>* outline = nullptr) {
  const std::size_t bins = values.size();
  if (bins == 0 || size.x < 2 || size.y < 2) return -1;
  const float w = size.x / float(bins);
  const float gap = w >= 4 ? 1.0f : 0.0f;
  const float bottom = at.y + size.y;
  auto height = [&](std::uint64_t v) { return top > 0 ? float(double(v) / top) * size.y : 0.0f; };
  const std::size_t columns = std::min<std::size_t>(bins, std::size_t(size.x));
  for (std::size_t c = 0; c < columns; ++c) {
    const std::size_t first = c * bins / columns, last = (c + 1) * bins / columns;
    std::uint64_t v = 0, o = 0;
    for (std::size_t b = first; b < last; ++b) {
      v = std::max(v, values[b]);
      if (outline) o = std::max(o, (*outline)[b]);
    }
    const float x0 = at.x + float(first) * w, x1 = std::max(at.x + float(last) * w - gap, x0 + 1.0f);
    if (outline && o > 0) draw->AddRectFilled(ImVec2(x0, bottom - height(o)), ImVec2(x1, bottom), final_color());
    if (v > 0) draw->AddRectFilled(ImVec2(x0, bottom - std::max(height(v), 1.0f)), ImVec2(x1, bottom), color);
  }
  draw->AddLine(ImVec2(at.x, bottom), ImVec2(at.x + size.x, bottom), ImGui::GetColorU32(ImGuiCol_Border));
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (mouse.x < at.x || mouse.x >= at.x + size.x || mouse.y < at.y || mouse.y > bottom) return -1;
  return int(std::min<std::size_t>(bins - 1, std::size_t((mouse.x - at.x) / w)));
}

// Count labels up the left edge, at about three ticks.
void y_axis(ImDrawList* draw, ImVec2 at, float label_w, float height, double top) {
  for (const PlotTick& tick : linear_ticks(0, top, 3)) {
    if (tick.value > top) continue;
    const float y = at.y + height - float(tick.value / top) * height;
    const ImVec2 text = ImGui::CalcTextSize(tick.label.c_str());
    draw->AddText(ImVec2(at.x + label_w - text.x - 4, y - text.y * 0.5f), ImGui::GetColorU32(ImGuiCol_TextDisabled),
                  tick.label.c_str());
    draw->AddLine(ImVec2(at.x + label_w, y), ImVec2(at.x + label_w + 3, y), ImGui::GetColorU32(ImGuiCol_TextDisabled));
  }
}

std::uint64_t sum(const std::vector<std::uint64_t>& v) { return std::accumulate(v.begin(), v.end(), std::uint64_t(0)); }

}  // namespace

void draw_bins_view(ViewContext& ctx, const TraceViews& views) {
  const BinBars now = build_bin_bars(views, ctx.step);
  if (now.bins == 0) {
    ImGui::TextWrapped("This run has no bins to draw: the view draws a histogram's u32 output buffer.");
    return;
  }
  const BinBars end = build_bin_bars(views, kFinishStep);
  const TraceMeta& meta = views.trace.meta;
  const bool every_block = meta.recorded_blocks.size() >= meta.grid_dim;
  // Launches before the last (a sort's passes, the local counts) leave the bins as they were:
  // only the last one's end is the run's.
  const bool last_launch = views.launch + 1 >= views.launch_count;
  const float scale = ctx.app.ui_scale;

  ImGui::TextWrapped("%u bins, %llu of %llu items counted so far by %s. Faint: where %s.", now.bins,
                     (unsigned long long)sum(now.counts), (unsigned long long)meta.n,
                     every_block ? "every block" : "the recorded blocks only",
                     !last_launch ? "this launch leaves them" : every_block ? "the run ends" : "they end");
  if (last_launch && every_block && sum(end.counts) != meta.n && ctx.step == views.steps.back())
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem),
                       "The bins add up to %llu, not %llu: %llu updates were lost (lanes wrote over each other's counts), "
                       "or items outside the bins were dropped.",
                       (unsigned long long)sum(end.counts), (unsigned long long)meta.n,
                       (unsigned long long)(meta.n - std::min<std::uint64_t>(meta.n, sum(end.counts))));

  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float label_w = ImGui::CalcTextSize("000000 ").x;
  bool private_row = !end.copies.empty();
  bool contention_row = end.atomic_requests > 0;
  float legend = legend_reserve(avail.x < 900 * scale ? 2 : 1);
  // Each row is a title line and a chart; the bins get twice the height of each other row.
  // Short of room (side by side, under a lesson, presenter mode), the legend goes first, then the
  // passes, then the private copies: cut charts would say less than none.
  auto room = [&] {
    const int rows = 1 + int(private_row) + int(contention_row);
    return avail.y - legend - line * (1.5f * float(rows) + 1.0f) - 2.0f * line * float(rows + 1);  // 1: the axis's last label overhangs
  };
  if (room() < 0) legend = 0;
  if (room() < 0 && contention_row) contention_row = false;  // the bins themselves come first
  if (room() < 0 && private_row) private_row = false;
  const int rows = 1 + int(private_row) + int(contention_row);
  const float charts = std::max(avail.y - legend - line * (1.5f * float(rows) + 1.0f), 2.0f * line * float(rows + 1));
  const float main_h = charts * 2.0f / float(rows + 1), side_h = charts / float(rows + 1);
  const float plot_w = std::max(avail.x - label_w - 8 * scale, 50.0f);
  float y = origin.y;

  // The bins.
  const double top = double(std::max<std::uint64_t>(largest(end.counts), std::max<std::uint64_t>(largest(now.counts), 1)));
  draw->AddText(ImVec2(origin.x, y), ImGui::GetColorU32(ImGuiCol_Text), "bins");
  y += line;
  y_axis(draw, ImVec2(origin.x, y), label_w, main_h, top);
  int hovered = bar_chart(draw, ImVec2(origin.x + label_w, y), ImVec2(plot_w, main_h), now.counts, top, count_color(),
                          &end.counts);
  ctx.probe("histogram", "bins", origin.x + label_w, y);
  y += main_h + line * 0.5f;

  // Each recorded block's private copy, side by side.
  if (private_row) {
    const int shown = std::min<int>(kMostCopies, int(end.copies.size()));
    char title[96];
    std::snprintf(title, sizeof title, "each block's private bins, in shared memory%s: merged into the bins above",
                  int(end.copies.size()) > shown ? " (the first 8)" : "");
    draw->AddText(ImVec2(origin.x, y), ImGui::GetColorU32(ImGuiCol_Text), title);
    y += line;
    std::uint64_t copy_top = 1;
    for (const PrivateBins& c : end.copies) copy_top = std::max(copy_top, largest(c.counts));
    const float gap = 10 * scale, w = (plot_w - gap * float(shown - 1)) / float(shown);
    for (int k = 0; k < shown; ++k) {
      const PrivateBins& final_copy = end.copies[std::size_t(k)];
      const std::vector<std::uint64_t> zero(now.bins, 0);
      const std::vector<std::uint64_t>* counts = &zero;
      for (const PrivateBins& c : now.copies)
        if (c.block == final_copy.block) counts = &c.counts;
      const ImVec2 at(origin.x + label_w + float(k) * (w + gap), y);
      const int bin = bar_chart(draw, at, ImVec2(w, side_h), *counts, double(copy_top), private_color(),
                                &final_copy.counts);
      if (bin >= 0) hovered = bin;
      char name[32];
      std::snprintf(name, sizeof name, "block %u", final_copy.block);
      draw->AddText(ImVec2(at.x + 2, y), ImGui::GetColorU32(ImGuiCol_TextDisabled), name);
    }
    y += side_h + line * 0.5f;
  }

  // Contention: the passes each bin's atomics were serialised into.
  if (contention_row) {
    char title[160];
    std::snprintf(title, sizeof title, "serialised atomic passes per bin: %.1f a request so far",
                  now.atomic_requests ? double(now.atomic_passes) / double(now.atomic_requests) : 0.0);
    draw->AddText(ImVec2(origin.x, y), ImGui::GetColorU32(ImGuiCol_Text), title);
    y += line;
    const double pass_top = double(std::max<std::uint64_t>(largest(end.passes), 1));
    y_axis(draw, ImVec2(origin.x, y), label_w, side_h, pass_top);
    const int bin = bar_chart(draw, ImVec2(origin.x + label_w, y), ImVec2(plot_w, side_h), now.passes, pass_top,
                              pass_color(), &end.passes);
    if (bin >= 0) hovered = bin;
    ctx.probe("histogram", "passes", origin.x + label_w, y);
  }

  if (legend > 0) {
    ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + avail.y - legend));
    legend_begin();
    legend_item(count_color(), "counted so far");
    legend_item(final_color(), "at the end");
    if (private_row) legend_item(private_color(), "a block's private bins");
    if (contention_row) legend_item(pass_color(), "serialised passes (lanes on one bin wait their turn)");
    legend_end();
  }

  if (hovered >= 0) {
    const std::size_t b = std::size_t(hovered);
    ImGui::BeginTooltip();
    ImGui::Text("bin %zu: %llu so far, %llu at the end", b, (unsigned long long)now.counts[b], (unsigned long long)end.counts[b]);
    if (contention_row) {
      ImGui::Text("atomic lanes on it so far: %llu, in %llu serialised passes", (unsigned long long)now.lanes[b],
                  (unsigned long long)now.passes[b]);
      ImGui::Text("all bins so far: %llu requests of %llu lanes took %llu passes", (unsigned long long)now.atomic_requests,
                  (unsigned long long)now.atomic_lanes, (unsigned long long)now.atomic_passes);
    }
    ImGui::EndTooltip();
  }
}

}  // namespace wl::ui
