#include "ui/theme.h"

namespace wl::ui {

ImVec4 background_color() { return ImVec4(0.095f, 0.105f, 0.125f, 1.0f); }
ImVec4 accent_color() { return ImVec4(0.40f, 0.72f, 1.00f, 1.0f); }
ImVec4 warning_color() { return ImVec4(1.00f, 0.74f, 0.30f, 1.0f); }

void apply_theme(float ui_scale) {
  ImGuiStyle style;  // start from defaults each time so scaling never compounds
  ImGui::StyleColorsDark(&style);

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

  ImVec4* c = style.Colors;
  const ImVec4 bg = background_color();
  const ImVec4 accent = accent_color();
  c[ImGuiCol_Text] = ImVec4(0.92f, 0.93f, 0.95f, 1.0f);
  c[ImGuiCol_TextDisabled] = ImVec4(0.60f, 0.63f, 0.68f, 1.0f);
  c[ImGuiCol_WindowBg] = bg;
  c[ImGuiCol_ChildBg] = ImVec4(0.12f, 0.13f, 0.155f, 1.0f);
  c[ImGuiCol_PopupBg] = ImVec4(0.13f, 0.14f, 0.17f, 0.98f);
  c[ImGuiCol_Border] = ImVec4(0.22f, 0.24f, 0.29f, 1.0f);
  c[ImGuiCol_FrameBg] = ImVec4(0.16f, 0.18f, 0.22f, 1.0f);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.21f, 0.24f, 0.30f, 1.0f);
  c[ImGuiCol_FrameBgActive] = ImVec4(0.25f, 0.29f, 0.36f, 1.0f);
  // Same title color whether focused or not: the panels are a fixed layout.
  c[ImGuiCol_TitleBg] = ImVec4(0.13f, 0.145f, 0.175f, 1.0f);
  c[ImGuiCol_TitleBgActive] = c[ImGuiCol_TitleBg];
  c[ImGuiCol_TitleBgCollapsed] = c[ImGuiCol_TitleBg];
  c[ImGuiCol_MenuBarBg] = ImVec4(0.13f, 0.145f, 0.175f, 1.0f);
  c[ImGuiCol_Header] = ImVec4(0.20f, 0.30f, 0.45f, 1.0f);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.24f, 0.38f, 0.58f, 1.0f);
  c[ImGuiCol_HeaderActive] = ImVec4(0.28f, 0.45f, 0.68f, 1.0f);
  c[ImGuiCol_Button] = ImVec4(0.20f, 0.30f, 0.45f, 1.0f);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.24f, 0.38f, 0.58f, 1.0f);
  c[ImGuiCol_ButtonActive] = ImVec4(0.28f, 0.45f, 0.68f, 1.0f);
  c[ImGuiCol_CheckMark] = accent;
  c[ImGuiCol_SliderGrab] = accent;
  c[ImGuiCol_Separator] = c[ImGuiCol_Border];

  style.ScaleAllSizes(ui_scale);
  ImGui::GetStyle() = style;
}

}  // namespace wl::ui
