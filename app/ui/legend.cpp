#include "ui/legend.h"

#include <algorithm>

namespace wl::ui {
namespace {

bool g_first = true;

// Keeps items on one line until the next would overflow the window.
void place(float width) {
  if (!g_first) {
    ImGui::SameLine(0.0f, ImGui::GetFontSize() * 1.2f);
    if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
  }
  g_first = false;
}

}  // namespace

void legend_begin() { g_first = true; }

void legend_item(ImU32 color, const char* text, SwatchShape shape) {
  const float size = ImGui::GetFontSize() * 0.9f;
  const float width = size + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(text).x;
  place(width);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float y = p.y + (ImGui::GetTextLineHeight() - size) * 0.5f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float thickness = size * 0.2f;
  switch (shape) {
    case SwatchShape::Box:  // outlined, so a swatch the color of the background still shows
      dl->AddRectFilled(ImVec2(p.x, y), ImVec2(p.x + size, y + size), color, 2.0f);
      dl->AddRect(ImVec2(p.x, y), ImVec2(p.x + size, y + size), IM_COL32(140, 146, 160, 255), 2.0f);
      break;
    case SwatchShape::Outline:
      dl->AddRectFilled(ImVec2(p.x, y), ImVec2(p.x + size, y + size), IM_COL32(56, 61, 74, 255), 2.0f);
      dl->AddRect(ImVec2(p.x, y), ImVec2(p.x + size, y + size), color, 2.0f, 0, thickness);
      break;
    case SwatchShape::Hatched:  // the color under dark diagonal stripes
      dl->AddRectFilled(ImVec2(p.x, y), ImVec2(p.x + size, y + size), color, 2.0f);
      for (float k = 0.25f; k < 2.0f; k += 0.5f) {
        const float a = std::min(k, 1.0f), b = std::max(k - 1.0f, 0.0f);
        dl->AddLine(ImVec2(p.x + a * size, y + b * size), ImVec2(p.x + b * size, y + a * size), IM_COL32(20, 22, 28, 230), thickness * 0.8f);
      }
      break;
    case SwatchShape::Line:
      dl->AddLine(ImVec2(p.x, y + size * 0.5f), ImVec2(p.x + size, y + size * 0.5f), color, thickness);
      break;
    case SwatchShape::DashedLine:
      for (float x = 0; x < size; x += size * 0.4f)
        dl->AddLine(ImVec2(p.x + x, y + size * 0.5f), ImVec2(p.x + x + size * 0.22f, y + size * 0.5f), color, thickness);
      break;
  }
  ImGui::Dummy(ImVec2(size, ImGui::GetTextLineHeight()));
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::TextUnformatted(text);
}

void legend_colors(const ImU32* colors, int count, const char* text) {
  const float size = ImGui::GetFontSize() * 0.9f;
  const float width = size * float(count) + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(text).x;
  place(width);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float y = p.y + (ImGui::GetTextLineHeight() - size) * 0.5f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int i = 0; i < count; ++i)
    dl->AddRectFilled(ImVec2(p.x + float(i) * size, y), ImVec2(p.x + float(i + 1) * size - 1.0f, y + size), colors[i]);
  ImGui::Dummy(ImVec2(size * float(count), ImGui::GetTextLineHeight()));
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::TextUnformatted(text);
}

void legend_text(const char* text) {
  place(ImGui::CalcTextSize(text).x);
  ImGui::TextDisabled("%s", text);
}

void legend_end() { g_first = true; }

float legend_height(int lines) {
  return float(lines) * ImGui::GetTextLineHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
}

}  // namespace wl::ui
