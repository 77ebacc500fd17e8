#include "ui/legend.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "ui/palette.h"

namespace wl::ui {
namespace {

bool g_first = true;

// Each window's legend height as drawn last frame, so a view reserves what its legend really takes
// once it wraps (a narrow pane, presenter mode). From the first legend_begin of a frame in the
// window to the last legend_end.
// A pane too short for its legend at full size (presenter mode at 1280x720, side by side) draws
// it smaller, so the picture keeps the room: decided from the height the legend took at full
// size, so the choice does not flip from frame to frame as the smaller legend is measured.
struct Measure {
  int frame = -1;
  float top = 0.0f, height = 0.0f;
  float full_height = 0.0f;  // the last height drawn at full size
  bool compact = false;      // this frame's legend is drawn smaller
};
constexpr float kMostOfAPane = 0.22f;     // a legend taller than this share of its pane is drawn smaller
constexpr float kCompactFontScale = 0.72f;  // presenter mode's larger text (1.2-1.5x), drawn about the normal size
std::map<ImGuiID, Measure> g_measures;

ImGuiID window_key() { return ImGui::GetID("##legend"); }

// A legend's text wraps at the window's edge rather than run past it (a long meaning, narrow pane).
void wrapped(const char* text, bool disabled) {
  ImGui::PushTextWrapPos(0.0f);
  if (disabled) ImGui::TextDisabled("%s", text);
  else ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
}

// Keeps items on one line until the next would overflow the window.
void place(float width) {
  if (!g_first) {
    ImGui::SameLine(0.0f, ImGui::GetFontSize() * 1.2f);
    if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
  }
  g_first = false;
}

}  // namespace

void legend_begin() {
  g_first = true;
  Measure& m = g_measures[window_key()];
  if (m.frame != ImGui::GetFrameCount()) {
    m.frame = ImGui::GetFrameCount();
    m.top = ImGui::GetCursorScreenPos().y;
  }
  if (m.compact) ImGui::SetWindowFontScale(kCompactFontScale);
}

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
      dl->AddRect(ImVec2(p.x, y), ImVec2(p.x + size, y + size), colors().border, 2.0f);
      break;
    case SwatchShape::Outline:
      dl->AddRectFilled(ImVec2(p.x, y), ImVec2(p.x + size, y + size), colors().carried, 2.0f);
      dl->AddRect(ImVec2(p.x, y), ImVec2(p.x + size, y + size), color, 2.0f, 0, thickness);
      break;
    case SwatchShape::Hatched:  // the color under dark diagonal stripes
      dl->AddRectFilled(ImVec2(p.x, y), ImVec2(p.x + size, y + size), color, 2.0f);
      for (float k = 0.25f; k < 2.0f; k += 0.5f) {
        const float a = std::min(k, 1.0f), b = std::max(k - 1.0f, 0.0f);
        dl->AddLine(ImVec2(p.x + a * size, y + b * size), ImVec2(p.x + b * size, y + a * size), colors().hatch, thickness * 0.8f);
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
  wrapped(text, false);
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
  wrapped(text, false);
}

void legend_ramp(const ImU32* colors, int count, int first, const char* text) {
  // Wide enough for two digits: rings of up to 8 ranks, ramps of a few dozen steps.
  const float size = std::max(ImGui::GetFontSize() * 0.9f, ImGui::CalcTextSize("00").x + 4.0f);
  const float width = size * float(count) + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(text).x;
  place(width);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float line = ImGui::GetTextLineHeight();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int i = 0; i < count; ++i) {
    const ImVec2 lo(p.x + float(i) * size, p.y), hi(p.x + float(i + 1) * size - 1.0f, p.y + line);
    dl->AddRectFilled(lo, hi, colors[i]);
    char label[8];
    std::snprintf(label, sizeof label, "%d", first + i);
    const ImVec2 t = ImGui::CalcTextSize(label);
    dl->AddText(ImVec2(lo.x + (size - 1.0f - t.x) * 0.5f, lo.y), text_on(colors[i]), label);
  }
  ImGui::Dummy(ImVec2(size * float(count), line));
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  wrapped(text, false);
}

void legend_text(const char* text) {
  place(ImGui::CalcTextSize(text).x);
  wrapped(text, true);
}

void legend_end() {
  g_first = true;
  Measure& m = g_measures[window_key()];
  m.height = ImGui::GetCursorScreenPos().y - m.top + ImGui::GetStyle().ItemSpacing.y;
  if (m.compact) ImGui::SetWindowFontScale(1.0f);
  else m.full_height = m.height;
}

float legend_height(int lines) {
  return float(lines) * ImGui::GetTextLineHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
}

float legend_reserve(int lines) {
  Measure& m = g_measures[window_key()];
  const float full = std::max(legend_height(lines), m.full_height);
  m.compact = full > kMostOfAPane * ImGui::GetContentRegionAvail().y;
  if (!m.compact) return std::max(full, m.height);
  return std::max(legend_height(lines) * kCompactFontScale, m.height);
}

}  // namespace wl::ui
