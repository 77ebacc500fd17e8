#include "ui/palette.h"

namespace wl::ui {

ImU32 warp_color(unsigned warp) {
  static constexpr ImU32 kCycle[kWarpColorCount] = {
      okabe_ito::kSkyBlue, okabe_ito::kOrange, okabe_ito::kBluishGreen,
      okabe_ito::kReddishPurple, okabe_ito::kYellow, okabe_ito::kBlue};
  return kCycle[warp % kWarpColorCount];
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
