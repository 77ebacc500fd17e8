#include "ui/palette.h"

#include <algorithm>
#include <cmath>

#include "ui/theme.h"

namespace wl::ui {
namespace {

// WCAG's contrast of graphics is 3:1; a projector lifts the dark end, so data colors on the
// light theme reach 2.5:1 against its background and keep their hue (3:1 would turn yellow
// and orange into the same brown).
constexpr float kMinLightContrast = 2.5f;

float to_linear(float c) { return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f); }
float to_srgb(float c) { return c <= 0.0031308f ? c * 12.92f : 1.055f * std::pow(c, 1.0f / 2.4f) - 0.055f; }

// Relative luminance (WCAG) of linear RGB.
float luminance(float r, float g, float b) { return 0.2126f * r + 0.7152f * g + 0.0722f * b; }

// `color` darkened until it stands kMinLightContrast from `bg`; scaling linear light keeps the hue.
ImU32 darkened_for(ImU32 color, ImVec4 bg) {
  const ImVec4 c = ImGui::ColorConvertU32ToFloat4(color);
  const float r = to_linear(c.x), g = to_linear(c.y), b = to_linear(c.z);
  const float l = luminance(r, g, b);
  const float l_bg = luminance(to_linear(bg.x), to_linear(bg.y), to_linear(bg.z));
  const float l_max = (l_bg + 0.05f) / kMinLightContrast - 0.05f;  // the lightest that still stands out
  if (l <= l_max || l <= 0.0f) return color;
  const float k = l_max / l;
  return ImGui::ColorConvertFloat4ToU32(ImVec4(to_srgb(r * k), to_srgb(g * k), to_srgb(b * k), c.w));
}

// What the data colors mean, in either theme; the gap between cells.
Colors with_meanings(Colors c, Theme theme) {
  c.gap = ImGui::ColorConvertFloat4ToU32(background_color(theme));
  c.problem = c.vermillion;
  c.good = c.bluish_green;
  c.active_lane = c.sky_blue;
  c.diverged_lane = c.reddish_purple;
  return c;
}

Colors dark_colors() {
  Colors c{};
  c.orange = okabe_ito::kOrange;
  c.sky_blue = okabe_ito::kSkyBlue;
  c.bluish_green = okabe_ito::kBluishGreen;
  c.yellow = okabe_ito::kYellow;
  c.blue = okabe_ito::kBlue;
  c.vermillion = okabe_ito::kVermillion;
  c.reddish_purple = okabe_ito::kReddishPurple;
  c.text_current = IM_COL32(255, 255, 255, 255);
  c.label = IM_COL32(150, 156, 168, 255);
  c.label_strong = IM_COL32(170, 176, 188, 255);
  c.soft_text = IM_COL32(220, 224, 232, 255);
  c.line_number = IM_COL32(120, 126, 138, 255);
  c.empty = IM_COL32(36, 40, 49, 255);
  c.idle = IM_COL32(70, 76, 90, 255);
  c.carried = IM_COL32(56, 61, 74, 255);
  c.input = IM_COL32(92, 104, 126, 255);
  c.written = IM_COL32(214, 219, 228, 255);
  c.row = IM_COL32(30, 34, 42, 255);
  c.row_alt = IM_COL32(40, 44, 52, 255);
  c.banner = IM_COL32(89, 36, 10, 255);
  c.border = IM_COL32(140, 146, 160, 255);
  c.guide = IM_COL32(90, 96, 110, 255);
  c.neutral = IM_COL32(200, 200, 200, 255);
  c.faded_edge = IM_COL32(160, 166, 180, 70);
  c.hot_edge = IM_COL32(220, 224, 232, 220);
  c.link = IM_COL32(190, 196, 210, 140);
  c.highlight = IM_COL32(255, 255, 255, 255);
  c.mark = IM_COL32(255, 255, 255, 230);
  c.wrap = IM_COL32(255, 255, 255, 150);
  c.band = IM_COL32(255, 255, 255, 20);
  c.shade = IM_COL32(255, 255, 255, 40);
  c.grid = IM_COL32(255, 255, 255, 24);
  c.rule = IM_COL32(255, 255, 255, 80);
  c.hatch = IM_COL32(20, 22, 28, 230);
  c.axis = IM_COL32(150, 156, 170, 255);
  c.plot_bg = IM_COL32(20, 22, 28, 255);
  c.overlay_bg = IM_COL32(20, 22, 28, 230);
  c.reference = IM_COL32(235, 235, 235, 255);
  return c;
}

// Dark inks and pale fills; greys a step darker than a screen would need (projectors).
Colors light_colors() {
  const ImVec4 bg = background_color(Theme::Light);
  Colors c{};
  c.orange = darkened_for(okabe_ito::kOrange, bg);
  c.sky_blue = darkened_for(okabe_ito::kSkyBlue, bg);
  c.bluish_green = darkened_for(okabe_ito::kBluishGreen, bg);
  c.yellow = darkened_for(okabe_ito::kYellow, bg);
  c.blue = darkened_for(okabe_ito::kBlue, bg);
  c.vermillion = darkened_for(okabe_ito::kVermillion, bg);
  c.reddish_purple = darkened_for(okabe_ito::kReddishPurple, bg);
  c.text_current = IM_COL32(0, 0, 0, 255);
  c.label = IM_COL32(78, 84, 96, 255);
  c.label_strong = IM_COL32(52, 57, 68, 255);
  c.soft_text = IM_COL32(36, 40, 48, 255);
  c.line_number = IM_COL32(104, 110, 122, 255);
  c.empty = IM_COL32(222, 225, 231, 255);
  c.idle = IM_COL32(170, 176, 188, 255);
  c.carried = IM_COL32(200, 205, 214, 255);
  c.input = IM_COL32(140, 152, 176, 255);
  c.written = IM_COL32(104, 112, 128, 255);
  c.row = IM_COL32(240, 242, 246, 255);
  c.row_alt = IM_COL32(204, 209, 219, 255);
  c.banner = IM_COL32(255, 222, 196, 255);
  c.border = IM_COL32(100, 106, 120, 255);
  c.guide = IM_COL32(150, 156, 170, 255);
  c.neutral = IM_COL32(70, 72, 78, 255);
  c.faded_edge = IM_COL32(80, 86, 100, 80);
  c.hot_edge = IM_COL32(30, 34, 42, 220);
  c.link = IM_COL32(60, 66, 80, 150);
  c.highlight = IM_COL32(0, 0, 0, 255);
  c.mark = IM_COL32(0, 0, 0, 230);
  c.wrap = IM_COL32(0, 0, 0, 150);
  c.band = IM_COL32(0, 40, 120, 22);
  c.shade = IM_COL32(0, 0, 0, 40);
  c.grid = IM_COL32(0, 0, 0, 30);
  c.rule = IM_COL32(0, 0, 0, 90);
  c.hatch = IM_COL32(20, 22, 28, 230);
  c.axis = IM_COL32(70, 76, 88, 255);
  c.plot_bg = IM_COL32(255, 255, 255, 255);
  c.overlay_bg = IM_COL32(255, 255, 255, 235);
  c.reference = IM_COL32(40, 42, 48, 255);
  return c;
}

}  // namespace

const Colors& colors() {
  static const Colors dark = with_meanings(dark_colors(), Theme::Dark);
  static const Colors light = with_meanings(light_colors(), Theme::Light);
  return current_theme() == Theme::Light ? light : dark;
}

ImU32 warp_color(unsigned warp) {
  const Colors& c = colors();
  const ImU32 cycle[kWarpColorCount] = {c.sky_blue, c.orange, c.bluish_green, c.reddish_purple, c.yellow, c.blue};
  return cycle[warp % kWarpColorCount];
}

ImU32 legible(ImU32 color) {
  return current_theme() == Theme::Light ? darkened_for(color, background_color(Theme::Light)) : color;
}

ImU32 text_on(ImU32 background) {
  const ImVec4 c = ImGui::ColorConvertU32ToFloat4(background);
  const float luma = 0.299f * c.x + 0.587f * c.y + 0.114f * c.z;
  return luma > 0.5f ? IM_COL32(0, 0, 0, 255) : IM_COL32(255, 255, 255, 255);
}

ImU32 with_alpha(ImU32 color, float alpha) {
  const unsigned a = unsigned(float((color >> IM_COL32_A_SHIFT) & 0xFF) * alpha + 0.5f);
  return (color & ~IM_COL32_A_MASK) | (ImU32(a > 255 ? 255 : a) << IM_COL32_A_SHIFT);
}

ImU32 blend_over(ImU32 color, ImU32 background) {
  const ImVec4 c = ImGui::ColorConvertU32ToFloat4(color), b = ImGui::ColorConvertU32ToFloat4(background);
  const float a = c.w;
  return ImGui::ColorConvertFloat4ToU32(
      ImVec4(c.x * a + b.x * (1 - a), c.y * a + b.y * (1 - a), c.z * a + b.z * (1 - a), 1.0f));
}

}  // namespace wl::ui
