// The online softmax, row by row (model/views/online_rescale.h): the row's running max and its
// running sum of exp(x - max) after each chunk of its one read, and the chunks where threads
// rescaled because their max grew. The sum drops where the max grows: every term so far is
// multiplied by exp(old max - new max).
#include "ui/view_drawers.h"  // draw_<id>_view: declared there with what it draws

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "model/views/online_rescale.h"
#include "ui/legend.h"
#include "ui/palette.h"
#include "ui/number_text.h"

namespace wl::ui {
namespace {

ImU32 max_color() { return colors().orange; }
ImU32 sum_color() { return colors().sky_blue; }
ImU32 rescale_color() { return colors().problem; }

std::string short_number(double v) { return number_text(v, "%.3g"); }

// y in [lo, hi] to a height in the band [top, top + h], hi at the top; a flat series mid-band.
float to_y(double v, double lo, double hi, float top, float h) {
  if (!(hi > lo)) return top + h * 0.5f;
  return top + h - float((v - lo) / (hi - lo)) * h;
}

void tooltip(const RowRescales& r, std::size_t k) {
  const RescaleChunk& c = r.chunks[k];
  ImGui::BeginTooltip();
  ImGui::Text("row %llu, chunk %zu (%u values)", (unsigned long long)r.row, k, c.threads);
  ImGui::Text("running max  %s%s", short_number(c.max).c_str(), c.max_grew ? "  (grew)" : "");
  ImGui::Text("running sum  %s", short_number(c.sum).c_str());
  ImGui::Text("rescales     %u of %u threads", c.rescales, c.threads);
  ImGui::EndTooltip();
}

}  // namespace

void draw_online_rescale_view(ViewContext& ctx, const OnlineRescale& o) {
  if (o.rows.empty()) {
    ImGui::TextWrapped("%s", o.note.c_str());
    return;
  }
  ImGui::TextWrapped("One read of each row, in chunks (chunk k: the values the block's threads read k-th). After each "
                     "chunk: the row's running max and the sum of exp(x - max) so far. Where the max grows, threads "
                     "rescale: what they summed is multiplied by exp(old max - new max), and the sum drops.");
  const float scale = ctx.app.ui_scale;
  const float line = ImGui::GetTextLineHeight();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float legend_h = legend_reserve(1);
  const float label_w = ImGui::CalcTextSize("row 0000  99 rescales  ").x;
  const float value_w = ImGui::CalcTextSize("max -1.23e+04  ").x;
  const float plot_w = std::max(avail.x - label_w - 2 * value_w, 60.0f);
  const float band_h = std::clamp((avail.y - legend_h - line * 2) / float(o.rows.size()), line * 3.0f, line * 7.0f);
  const std::size_t shown = std::min(o.rows.size(), std::size_t(std::max(1.0f, (avail.y - legend_h - line * 2) / band_h)));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (std::size_t i = 0; i < shown; ++i) {
    const RowRescales& r = o.rows[i];
    const std::size_t k_count = r.chunks.size();
    const float top = origin.y + float(i) * band_h, h = band_h - line * 0.5f;
    const float x0 = origin.x + label_w + value_w;
    const float step = k_count > 1 ? plot_w / float(k_count - 1) : 0.0f;
    auto x_of = [&](std::size_t k) { return k_count > 1 ? x0 + float(k) * step : x0 + plot_w * 0.5f; };
    char label[48];
    std::snprintf(label, sizeof label, "row %llu", (unsigned long long)r.row);
    dl->AddText(ImVec2(origin.x, top + h * 0.5f - line), text, label);
    std::snprintf(label, sizeof label, "%u rescale%s", r.rescales, r.rescales == 1 ? "" : "s");
    dl->AddText(ImVec2(origin.x, top + h * 0.5f), r.rescales ? rescale_color() : dim, label);
    dl->AddRect(ImVec2(x0, top), ImVec2(x0 + plot_w, top + h), ImGui::GetColorU32(ImGuiCol_Border));
    if (k_count == 0) continue;
    double max_lo = r.chunks.front().max, max_hi = max_lo, sum_hi = 0;
    for (const RescaleChunk& c : r.chunks) {
      if (std::isfinite(c.max)) max_lo = std::min(max_lo, c.max), max_hi = std::max(max_hi, c.max);
      sum_hi = std::max(sum_hi, c.sum);
    }
    // The max in the upper part of the band, the sum in the lower: they move at the same chunks.
    const float pad = 4.0f * scale;
    const float max_top = top + pad, max_h = h * 0.42f - pad;
    const float sum_top = top + h * 0.5f, sum_h = h * 0.5f - pad;
    dl->AddLine(ImVec2(x0, top + h * 0.46f), ImVec2(x0 + plot_w, top + h * 0.46f), colors().grid);
    // Rescale bars up from the bottom: the share of the chunk's threads that rescaled.
    const float bar_w = std::max(2.0f * scale, std::min(step * 0.6f, 14.0f * scale));
    for (std::size_t k = 0; k < k_count; ++k) {
      const RescaleChunk& c = r.chunks[k];
      dl->AddLine(ImVec2(x_of(k), top + h - 3 * scale), ImVec2(x_of(k), top + h), dim);
      if (!c.rescales || !c.threads) continue;
      const float bh = sum_h * float(c.rescales) / float(c.threads);
      dl->AddRectFilled(ImVec2(x_of(k) - bar_w * 0.5f, top + h - bh), ImVec2(x_of(k) + bar_w * 0.5f, top + h),
                        with_alpha(rescale_color(), 0.55f));
    }
    // The running max (a step up where it grew) and the running sum.
    std::vector<ImVec2> max_points, sum_points;
    for (std::size_t k = 0; k < k_count; ++k) {
      const RescaleChunk& c = r.chunks[k];
      const float ym = to_y(c.max, max_lo, max_hi, max_top, max_h);
      // A step: along at the old max, then up; no repeated points (ImGui draws those as blots).
      if (!max_points.empty() && ym != max_points.back().y) max_points.emplace_back(x_of(k), max_points.back().y);
      if (max_points.empty() || ym != max_points.back().y || k + 1 == k_count) max_points.emplace_back(x_of(k), ym);
      sum_points.emplace_back(x_of(k), to_y(c.sum, 0, sum_hi, sum_top, sum_h));
    }
    dl->AddPolyline(max_points.data(), int(max_points.size()), max_color(), 0, 2.5f * scale);
    dl->AddPolyline(sum_points.data(), int(sum_points.size()), sum_color(), 0, 2.5f * scale);
    for (std::size_t k = 0; k < k_count; ++k) {
      dl->AddCircleFilled(sum_points[k], 2.5f * scale, sum_color());
      if (!r.chunks[k].max_grew) continue;
      const ImVec2 dot(x_of(k), to_y(r.chunks[k].max, max_lo, max_hi, max_top, max_h));
      dl->AddCircleFilled(dot, 4.0f * scale, max_color());
      ctx.probe("online", "grew", dot.x, dot.y);
    }
    // The values at both ends.
    const RescaleChunk &first = r.chunks.front(), &last = r.chunks.back();
    dl->AddText(ImVec2(x0 - value_w, max_top), max_color(), ("max " + short_number(first.max)).c_str());
    dl->AddText(ImVec2(x0 - value_w, sum_top), sum_color(), ("sum " + short_number(first.sum)).c_str());
    dl->AddText(ImVec2(x0 + plot_w + 6 * scale, max_top), max_color(), ("max " + short_number(last.max)).c_str());
    dl->AddText(ImVec2(x0 + plot_w + 6 * scale, sum_top), sum_color(), ("sum " + short_number(last.sum)).c_str());
    if (mouse.y >= top && mouse.y < top + h && mouse.x >= x0 - step * 0.5f && mouse.x < x0 + plot_w + step * 0.5f) {
      const std::size_t k = k_count > 1 ? std::size_t(std::clamp((mouse.x - x0) / step + 0.5f, 0.0f, float(k_count - 1))) : 0;
      dl->AddLine(ImVec2(x_of(k), top), ImVec2(x_of(k), top + h), colors().rule);
      tooltip(r, k);
    }
    if (i + 1 == shown) {  // the chunks under the last band only
      std::snprintf(label, sizeof label, "chunk 0");
      dl->AddText(ImVec2(x0, top + h + 1), dim, label);
      std::snprintf(label, sizeof label, "chunk %zu", k_count - 1);
      dl->AddText(ImVec2(x0 + plot_w - ImGui::CalcTextSize(label).x, top + h + 1), dim, label);
    }
  }
  if (shown < o.rows.size()) {
    char more[64];
    std::snprintf(more, sizeof more, "... and %zu more rows", o.rows.size() - shown);
    dl->AddText(ImVec2(origin.x, origin.y + float(shown) * band_h + line), dim, more);
  }
  ImGui::Dummy(ImVec2(avail.x, float(shown) * band_h + line * (shown < o.rows.size() ? 2.0f : 1.0f)));
  legend_begin();
  legend_item(max_color(), "the row's running max (a dot: it grew)", SwatchShape::Line);
  legend_item(sum_color(), "sum of exp(x - max) so far", SwatchShape::Line);
  legend_item(rescale_color(), "threads that rescaled in the chunk (their share)");
  legend_end();
}

}  // namespace wl::ui
