#include "ui/plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "probe_log.h"
#include "ui/palette.h"
#include "ui/theme.h"

namespace wl::ui {
namespace {

// Series' and bars' colors come from the builders (timing_plots), picked for the dark plot, with
// their own light-theme color where darkening would make them alike; else legible() darkens them.
ImU32 ink(PlotColor color, PlotColor on_light) {
  return current_theme() == Theme::Light && on_light ? on_light : legible(color);
}
ImU32 axis_color() { return colors().axis; }
ImU32 grid_color() { return colors().grid; }
ImU32 frame_color() { return colors().plot_bg; }

// Where along an axis a value falls, 0 at min and 1 at max, in the axis' scale.
float axis_fraction(const PlotAxis& axis, double v) {
  switch (axis.scale) {
    case AxisScale::Log2:
    case AxisScale::Log10: {
      const double lo = std::log(axis.min), hi = std::log(axis.max);
      return hi > lo && v > 0 ? float((std::log(v) - lo) / (hi - lo)) : 0.0f;
    }
    case AxisScale::Linear: return axis.max > axis.min ? float((v - axis.min) / (axis.max - axis.min)) : 0.0f;
  }
  return 0.0f;
}

// Dashes along a polyline, the pattern carried across its corners.
void dashed_polyline(ImDrawList* dl, const std::vector<ImVec2>& points, ImU32 color, float thickness, float dash) {
  float phase = 0.0f;  // how far into the current dash + gap period
  for (std::size_t i = 1; i < points.size(); ++i) {
    const ImVec2 a = points[i - 1], b = points[i];
    const float length = std::hypot(b.x - a.x, b.y - a.y);
    float at = 0.0f;
    while (at < length) {
      const bool on = phase < dash;
      const float step = std::min(length - at, on ? dash - phase : 2 * dash - phase);
      if (on) {
        const float t0 = at / length, t1 = (at + step) / length;
        dl->AddLine(ImVec2(a.x + (b.x - a.x) * t0, a.y + (b.y - a.y) * t0),
                    ImVec2(a.x + (b.x - a.x) * t1, a.y + (b.y - a.y) * t1), color, thickness);
      }
      at += step;
      phase = std::fmod(phase + step, 2 * dash);
    }
  }
}

void draw_marker(ImDrawList* dl, ImVec2 c, float r, Marker marker, ImU32 color) {
  switch (marker) {
    case Marker::Circle: dl->AddCircleFilled(c, r, color, 12); break;
    case Marker::Square: dl->AddRectFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), color); break;
    case Marker::Triangle:
      dl->AddTriangleFilled(ImVec2(c.x, c.y - r * 1.2f), ImVec2(c.x + r * 1.1f, c.y + r * 0.8f),
                            ImVec2(c.x - r * 1.1f, c.y + r * 0.8f), color);
      break;
    case Marker::Diamond:
      dl->AddQuadFilled(ImVec2(c.x, c.y - r * 1.3f), ImVec2(c.x + r * 1.3f, c.y), ImVec2(c.x, c.y + r * 1.3f),
                        ImVec2(c.x - r * 1.3f, c.y), color);
      break;
  }
}

// A short sample of a series' line and marker, as the legend shows it.
void draw_swatch(ImDrawList* dl, ImVec2 left, float width, const PlotSeries& s, float scale) {
  const ImVec2 right(left.x + width, left.y);
  if (s.dashed) dashed_polyline(dl, {left, right}, ink(s.color, s.color_on_light), 2.0f * scale, 5.0f * scale);
  else dl->AddLine(left, right, ink(s.color, s.color_on_light), 2.0f * scale);
  draw_marker(dl, ImVec2(left.x + width * 0.5f, left.y), 3.5f * scale, s.marker, ink(s.color, s.color_on_light));
}

std::string value_text(double v, const std::string& unit) {
  char text[48];
  if (v >= 100) std::snprintf(text, sizeof text, "%.0f %s", v, unit.c_str());
  else std::snprintf(text, sizeof text, "%.3g %s", v, unit.c_str());
  return text;
}

float ui_scale() { return ImGui::GetFontSize() / 16.0f; }

// The rectangle a plot or bar chart takes at the cursor, as one item that reports hovering.
struct WidgetArea {
  ImDrawList* dl;
  float scale, line;
  ImVec2 origin;
  bool hovered;
};

WidgetArea claim_area(const char* id, ImVec2 size) {
  WidgetArea a{ImGui::GetWindowDrawList(), ui_scale(), ImGui::GetTextLineHeight(), ImGui::GetCursorScreenPos(), false};
  ImGui::InvisibleButton(id, ImVec2(std::max(size.x, 1.0f), std::max(size.y, 1.0f)));
  a.hovered = ImGui::IsItemHovered();
  return a;
}

}  // namespace

void draw_plot_legend(const PlotData& plot) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float scale = ui_scale();
  const float swatch = ImGui::GetFontSize() * 1.8f;
  const float right_edge = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  bool first = true;
  for (const PlotSeries& s : plot.series) {
    const float width = swatch + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(s.name.c_str()).x;
    if (!first) {
      ImGui::SameLine(0, ImGui::GetFontSize() * 1.2f);
      if (ImGui::GetCursorScreenPos().x + width > right_edge) ImGui::NewLine();
    }
    first = false;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    draw_swatch(dl, ImVec2(at.x, at.y + ImGui::GetTextLineHeight() * 0.5f), swatch, s, scale);
    ImGui::Dummy(ImVec2(swatch, ImGui::GetTextLineHeight()));
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::TextUnformatted(s.name.c_str());
  }
}

void draw_plot(const char* id, const PlotData& plot, ImVec2 size, const PlotOptions& options) {
  const auto [dl, scale, line, origin, hovered] = claim_area(id, size);

  // The frame: title on top, y title above the y labels, x labels and title below, notes last.
  float y_label_width = 0.0f;
  for (const PlotTick& t : plot.y.ticks) y_label_width = std::max(y_label_width, ImGui::CalcTextSize(t.label.c_str()).x);
  const float notes_height = float(plot.notes.size()) * line;
  const ImVec2 lo(origin.x + y_label_width + 10 * scale, origin.y + line * 2.4f);
  // Room on the right for half the last x label, so it sits under its tick.
  const float last_x_half = plot.x.ticks.empty() ? 0.0f : ImGui::CalcTextSize(plot.x.ticks.back().label.c_str()).x * 0.5f;
  const ImVec2 hi(origin.x + size.x - std::max(12 * scale, last_x_half + 2 * scale),
                  origin.y + size.y - line * 2.6f - notes_height);
  if (hi.x - lo.x < 40 || hi.y - lo.y < 40) return;  // too small to say anything
  auto to_screen = [&](double x, double y) {
    return ImVec2(lo.x + axis_fraction(plot.x, x) * (hi.x - lo.x), hi.y - axis_fraction(plot.y, y) * (hi.y - lo.y));
  };

  dl->AddText(origin, ImGui::ColorConvertFloat4ToU32(accent_color()), plot.title.c_str());
  dl->AddText(ImVec2(origin.x, origin.y + line * 1.1f), axis_color(), plot.y.title.c_str());
  dl->AddRectFilled(lo, hi, frame_color());
  for (const PlotTick& t : plot.y.ticks) {
    const float y = to_screen(plot.x.min, t.value).y;
    dl->AddLine(ImVec2(lo.x, y), ImVec2(hi.x, y), grid_color());
    const ImVec2 ts = ImGui::CalcTextSize(t.label.c_str());
    dl->AddText(ImVec2(lo.x - ts.x - 5 * scale, y - ts.y * 0.5f), axis_color(), t.label.c_str());
  }
  // Crowded labels are skipped, never the last: where the range ends is worth reading.
  auto label_left = [&](const PlotTick& t) {
    const float x = to_screen(t.value, plot.y.min).x;
    return std::min(x - ImGui::CalcTextSize(t.label.c_str()).x * 0.5f,
                    origin.x + size.x - ImGui::CalcTextSize(t.label.c_str()).x);  // inside the widget
  };
  const float end_left = plot.x.ticks.empty() ? 0.0f : label_left(plot.x.ticks.back());
  float last_label_right = -std::numeric_limits<float>::max();
  for (std::size_t i = 0; i < plot.x.ticks.size(); ++i) {
    const PlotTick& t = plot.x.ticks[i];
    const float x = to_screen(t.value, plot.y.min).x;
    dl->AddLine(ImVec2(x, lo.y), ImVec2(x, hi.y), grid_color());
    dl->AddLine(ImVec2(x, hi.y), ImVec2(x, hi.y + 4 * scale), axis_color());
    const ImVec2 ts = ImGui::CalcTextSize(t.label.c_str());
    const float left = label_left(t);
    const bool last = i + 1 == plot.x.ticks.size();
    if (left < last_label_right + 6 * scale) continue;  // crowded: label every other tick
    if (!last && left + ts.x + 6 * scale > end_left) continue;  // leaves the last its room
    dl->AddText(ImVec2(left, hi.y + 5 * scale), axis_color(), t.label.c_str());
    last_label_right = left + ts.x;
  }
  dl->AddRect(lo, hi, axis_color());
  const ImVec2 xs = ImGui::CalcTextSize(plot.x.title.c_str());
  dl->AddText(ImVec2((lo.x + hi.x - xs.x) * 0.5f, hi.y + line * 1.25f), axis_color(), plot.x.title.c_str());
  // Notes are cut at the plot's edge, where the next plot begins; hovering one shows all of it.
  for (std::size_t i = 0; i < plot.notes.size(); ++i) {
    const ImVec2 at(origin.x, hi.y + line * (2.5f + float(i)));
    const ImVec2 end(origin.x + size.x, at.y + line);
    dl->PushClipRect(at, end, true);
    dl->AddText(at, ImGui::ColorConvertFloat4ToU32(warning_color()), plot.notes[i].c_str());
    dl->PopClipRect();
    if (hovered && ImGui::IsMouseHoveringRect(at, end)) ImGui::SetTooltip("%s", plot.notes[i].c_str());
    if (options.probes && !options.note_probe_group.empty())
      options.probes->add(options.note_probe_group, at.x - 4 * scale, at.y + line * 0.5f);
  }

  // Series, clipped to the frame; references first, under the variants.
  dl->PushClipRect(ImVec2(lo.x - 6 * scale, lo.y - 6 * scale), ImVec2(hi.x + 6 * scale, hi.y + 6 * scale), true);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  float best = std::pow(14.0f * scale, 2.0f);
  const PlotSeries* hover_series = nullptr;
  PlotPoint hover_point;
  for (const bool references : {true, false})
    for (const PlotSeries& s : plot.series) {
      if (s.dashed != references) continue;
      std::vector<ImVec2> screen;
      for (const PlotPoint& p : s.points) screen.push_back(to_screen(p.x, p.y));
      if (s.dashed) dashed_polyline(dl, screen, ink(s.color, s.color_on_light), 2.0f * scale, 7.0f * scale);
      else if (screen.size() > 1) dl->AddPolyline(screen.data(), int(screen.size()), ink(s.color, s.color_on_light), 0, 2.0f * scale);
      for (std::size_t i = 0; i < screen.size(); ++i) {
        draw_marker(dl, screen[i], 3.5f * scale, s.marker, ink(s.color, s.color_on_light));
        if (options.probes) options.probes->add(options.probe_group, screen[i].x, screen[i].y);
        const float d = std::pow(screen[i].x - mouse.x, 2.0f) + std::pow(screen[i].y - mouse.y, 2.0f);
        if (hovered && d < best) best = d, hover_series = &s, hover_point = s.points[i];
      }
    }

  // The legend in the corner with the fewest points under it.
  if (options.legend && !plot.series.empty()) {
    const float swatch = ImGui::GetFontSize() * 1.8f, pad = 6 * scale;
    float text_width = 0;
    for (const PlotSeries& s : plot.series) text_width = std::max(text_width, ImGui::CalcTextSize(s.name.c_str()).x);
    const ImVec2 box(swatch + text_width + pad * 3, line * float(plot.series.size()) + pad * 2);
    const ImVec2 corners[] = {ImVec2(hi.x - box.x - pad, lo.y + pad), ImVec2(lo.x + pad, lo.y + pad),
                              ImVec2(hi.x - box.x - pad, hi.y - box.y - pad), ImVec2(lo.x + pad, hi.y - box.y - pad)};
    ImVec2 at = corners[0];
    std::size_t fewest = std::numeric_limits<std::size_t>::max();
    for (const ImVec2& c : corners) {
      std::size_t covered = 0;
      for (const PlotSeries& s : plot.series)
        for (const PlotPoint& p : s.points) {
          const ImVec2 q = to_screen(p.x, p.y);
          covered += q.x >= c.x && q.x <= c.x + box.x && q.y >= c.y && q.y <= c.y + box.y;
        }
      if (covered < fewest) fewest = covered, at = c;
    }
    dl->AddRectFilled(at, ImVec2(at.x + box.x, at.y + box.y), colors().overlay_bg, 4 * scale);
    for (std::size_t i = 0; i < plot.series.size(); ++i) {
      const float y = at.y + pad + line * float(i);
      draw_swatch(dl, ImVec2(at.x + pad, y + line * 0.5f), swatch, plot.series[i], scale);
      dl->AddText(ImVec2(at.x + pad * 2 + swatch, y), ImGui::GetColorU32(ImGuiCol_Text), plot.series[i].name.c_str());
    }
  }

  if (hover_series) {
    const ImVec2 c = to_screen(hover_point.x, hover_point.y);
    dl->AddCircle(c, 7 * scale, colors().highlight, 16, 2 * scale);
    ImGui::BeginTooltip();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ink(hover_series->color, hover_series->color_on_light)), "%s", hover_series->name.c_str());
    const std::uint64_t x = std::uint64_t(hover_point.x);
    if (size_label(x) == thousands(x)) ImGui::Text("%s = %s", plot.x_name.c_str(), thousands(x).c_str());
    else ImGui::Text("%s = %s (%s)", plot.x_name.c_str(), size_label(x).c_str(), thousands(x).c_str());
    ImGui::Text("%s", value_text(hover_point.y, plot.unit).c_str());
    ImGui::EndTooltip();
  }
  dl->PopClipRect();
}

void draw_bars(const char* id, const BarData& bars, ImVec2 size, const PlotOptions& options) {
  const auto [dl, scale, line, origin, hovered] = claim_area(id, size);
  dl->AddText(origin, ImGui::ColorConvertFloat4ToU32(accent_color()), bars.title.c_str());

  float label_width = 0, detail_width = 0;  // the names on the left, value and speedups on the right
  for (const Bar& b : bars.bars) {
    label_width = std::max(label_width, ImGui::CalcTextSize(b.label.c_str()).x);
    detail_width = std::max(detail_width, ImGui::CalcTextSize(b.value_label.c_str()).x + line +
                                              ImGui::CalcTextSize(b.detail.c_str()).x);
  }
  const float notes_height = float(bars.notes.size()) * line;
  const ImVec2 lo(origin.x + label_width + 10 * scale, origin.y + line * 1.6f);
  const ImVec2 hi(origin.x + size.x - detail_width - 10 * scale, origin.y + size.y - line * 1.4f - notes_height);
  for (std::size_t i = 0; i < bars.notes.size(); ++i)
    dl->AddText(ImVec2(origin.x, hi.y + line * (1.3f + float(i))), ImGui::ColorConvertFloat4ToU32(warning_color()),
                bars.notes[i].c_str());
  if (bars.bars.empty() || hi.x - lo.x < 40 || hi.y - lo.y < 20) return;

  double top = bars.reference;
  for (const Bar& b : bars.bars) top = std::max(top, b.value);
  const float row = (hi.y - lo.y) / float(bars.bars.size());
  const float thickness = std::min(row * 0.7f, line * 2.2f);
  auto x_of = [&](double v) { return lo.x + float(top > 0 ? v / top : 0) * (hi.x - lo.x); };
  if (bars.reference > 0) {  // first, so the bars' labels sit over it
    const float x = x_of(bars.reference);
    dashed_polyline(dl, {ImVec2(x, lo.y - line * 0.2f), ImVec2(x, hi.y)}, colors().reference, 2 * scale, 6 * scale);
    char text[64];
    std::snprintf(text, sizeof text, "%s %.0f %s", bars.reference_label.c_str(), bars.reference, bars.y_title.c_str());
    const ImVec2 ts = ImGui::CalcTextSize(text);
    dl->AddText(ImVec2(std::min(x - ts.x * 0.5f, origin.x + size.x - ts.x), hi.y + 3 * scale), axis_color(), text);
  }
  const ImU32 label_background = colors().gap;
  for (std::size_t i = 0; i < bars.bars.size(); ++i) {
    const Bar& b = bars.bars[i];
    const float mid = lo.y + row * (float(i) + 0.5f);
    const ImVec2 ls = ImGui::CalcTextSize(b.label.c_str());
    dl->AddText(ImVec2(lo.x - ls.x - 8 * scale, mid - ls.y * 0.5f), ImGui::GetColorU32(ImGuiCol_Text), b.label.c_str());
    const ImVec2 b0(lo.x, mid - thickness * 0.5f), b1(std::max(x_of(b.value), lo.x + 2), mid + thickness * 0.5f);
    dl->AddRectFilled(b0, b1, ink(b.color, b.color_on_light), 2 * scale);
    if (options.probes) options.probes->add(options.probe_group, (b0.x + b1.x) * 0.5f, mid);
    // "value, time   speedups" after the bar's end, on a patch of background over the reference.
    const ImVec2 text_at(b1.x + 6 * scale, mid - line * 0.5f);
    const float value_w = ImGui::CalcTextSize(b.value_label.c_str()).x;
    const float detail_w = b.detail.empty() ? 0 : ImGui::CalcTextSize(b.detail.c_str()).x + line;
    dl->AddRectFilled(ImVec2(text_at.x - 2 * scale, text_at.y), ImVec2(text_at.x + value_w + detail_w + 2 * scale, text_at.y + line),
                      label_background);
    dl->AddText(text_at, ImGui::GetColorU32(ImGuiCol_Text), b.value_label.c_str());
    if (!b.detail.empty()) dl->AddText(ImVec2(text_at.x + value_w + line, text_at.y), axis_color(), b.detail.c_str());
    if (hovered && ImGui::IsMouseHoveringRect(ImVec2(origin.x, mid - row * 0.5f), ImVec2(origin.x + size.x, mid + row * 0.5f))) {
      ImGui::BeginTooltip();
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ink(b.color, b.color_on_light)), "%s", b.label.c_str());
      ImGui::Text("%s", b.value_label.c_str());
      if (!b.detail.empty()) ImGui::Text("%s", b.detail.c_str());
      ImGui::EndTooltip();
    }
  }
}

}  // namespace wl::ui
