#include "ui/theme.h"

namespace wl::ui {
namespace {

Theme g_theme = Theme::Dark;

bool light() { return g_theme == Theme::Light; }

// Sizes shared by both themes.
void set_sizes(ImGuiStyle& style) {
  style.WindowPadding = ImVec2(16, 14);
  style.FramePadding = ImVec2(10, 6);
  style.ItemSpacing = ImVec2(10, 8);
  style.ItemInnerSpacing = ImVec2(8, 6);
  style.IndentSpacing = 20;
  style.ScrollbarSize = 14;
  style.GrabMinSize = 12;
  style.WindowBorderSize = 1;
  style.PopupBorderSize = 1;
  style.WindowRounding = 0;  // panels are tiled edge to edge
  style.ChildRounding = 4;
  style.FrameRounding = 4;
  style.PopupRounding = 4;
  style.ScrollbarRounding = 6;
  style.GrabRounding = 4;
  style.WindowTitleAlign = ImVec2(0.0f, 0.5f);
}

void set_dark_colors(ImGuiStyle& style) {
  ImGui::StyleColorsDark(&style);
  ImVec4* c = style.Colors;
  c[ImGuiCol_Text] = ImVec4(0.92f, 0.93f, 0.95f, 1.0f);
  c[ImGuiCol_TextDisabled] = ImVec4(0.60f, 0.63f, 0.68f, 1.0f);
  c[ImGuiCol_WindowBg] = background_color();
  c[ImGuiCol_ChildBg] = ImVec4(0.12f, 0.13f, 0.155f, 1.0f);
  c[ImGuiCol_PopupBg] = ImVec4(0.13f, 0.14f, 0.17f, 0.98f);
  c[ImGuiCol_Border] = ImVec4(0.22f, 0.24f, 0.29f, 1.0f);
  c[ImGuiCol_FrameBg] = ImVec4(0.16f, 0.18f, 0.22f, 1.0f);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.21f, 0.24f, 0.30f, 1.0f);
  c[ImGuiCol_FrameBgActive] = ImVec4(0.25f, 0.29f, 0.36f, 1.0f);
  // Same title color whether focused or not: the panels are a fixed layout.
  c[ImGuiCol_TitleBg] = ImVec4(0.13f, 0.145f, 0.175f, 1.0f);
  c[ImGuiCol_MenuBarBg] = ImVec4(0.13f, 0.145f, 0.175f, 1.0f);
  c[ImGuiCol_Header] = ImVec4(0.20f, 0.30f, 0.45f, 1.0f);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.24f, 0.38f, 0.58f, 1.0f);
  c[ImGuiCol_HeaderActive] = ImVec4(0.28f, 0.45f, 0.68f, 1.0f);
}

// Near-black text and darker greys than ImGui's light style: a washed-out projector lifts
// every dark tone, so mid greys would vanish.
void set_light_colors(ImGuiStyle& style) {
  ImGui::StyleColorsLight(&style);
  ImVec4* c = style.Colors;
  c[ImGuiCol_Text] = ImVec4(0.06f, 0.07f, 0.09f, 1.0f);
  c[ImGuiCol_TextDisabled] = ImVec4(0.33f, 0.35f, 0.39f, 1.0f);
  c[ImGuiCol_WindowBg] = background_color();
  c[ImGuiCol_ChildBg] = ImVec4(0.985f, 0.988f, 0.992f, 1.0f);
  c[ImGuiCol_PopupBg] = ImVec4(1.0f, 1.0f, 1.0f, 0.98f);
  c[ImGuiCol_Border] = ImVec4(0.66f, 0.68f, 0.73f, 1.0f);
  c[ImGuiCol_FrameBg] = ImVec4(0.86f, 0.875f, 0.905f, 1.0f);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.79f, 0.83f, 0.90f, 1.0f);
  c[ImGuiCol_FrameBgActive] = ImVec4(0.71f, 0.78f, 0.89f, 1.0f);
  c[ImGuiCol_TitleBg] = ImVec4(0.87f, 0.88f, 0.91f, 1.0f);
  c[ImGuiCol_MenuBarBg] = ImVec4(0.87f, 0.88f, 0.91f, 1.0f);
  c[ImGuiCol_Header] = ImVec4(0.70f, 0.81f, 0.95f, 1.0f);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.60f, 0.74f, 0.93f, 1.0f);
  c[ImGuiCol_HeaderActive] = ImVec4(0.50f, 0.67f, 0.90f, 1.0f);
  c[ImGuiCol_TableHeaderBg] = ImVec4(0.84f, 0.87f, 0.92f, 1.0f);
  // The level slider's label is drawn over its grab: a mid blue keeps the black text readable.
  c[ImGuiCol_SliderGrab] = ImVec4(0.48f, 0.64f, 0.90f, 1.0f);
  c[ImGuiCol_SliderGrabActive] = ImVec4(0.40f, 0.57f, 0.87f, 1.0f);
}

}  // namespace

void set_theme(Theme theme) { g_theme = theme; }
Theme current_theme() { return g_theme; }

ImVec4 background_color() { return background_color(g_theme); }
ImVec4 background_color(Theme theme) {
  return theme == Theme::Light ? ImVec4(0.95f, 0.955f, 0.965f, 1.0f) : ImVec4(0.095f, 0.105f, 0.125f, 1.0f);
}
ImVec4 accent_color() { return light() ? ImVec4(0.0f, 0.33f, 0.68f, 1.0f) : ImVec4(0.40f, 0.72f, 1.00f, 1.0f); }
ImVec4 warning_color() { return light() ? ImVec4(0.66f, 0.33f, 0.0f, 1.0f) : ImVec4(1.00f, 0.74f, 0.30f, 1.0f); }

void apply_theme(float ui_scale) {
  ImGuiStyle style;  // start from defaults each time so scaling never compounds
  light() ? set_light_colors(style) : set_dark_colors(style);
  set_sizes(style);

  ImVec4* c = style.Colors;
  c[ImGuiCol_TitleBgActive] = c[ImGuiCol_TitleBg];
  c[ImGuiCol_TitleBgCollapsed] = c[ImGuiCol_TitleBg];
  c[ImGuiCol_Button] = c[ImGuiCol_Header];
  c[ImGuiCol_ButtonHovered] = c[ImGuiCol_HeaderHovered];
  c[ImGuiCol_ButtonActive] = c[ImGuiCol_HeaderActive];
  c[ImGuiCol_CheckMark] = accent_color();
  if (!light()) c[ImGuiCol_SliderGrab] = accent_color();
  c[ImGuiCol_Separator] = c[ImGuiCol_Border];

  style.ScaleAllSizes(ui_scale);
  ImGui::GetStyle() = style;
}

}  // namespace wl::ui
