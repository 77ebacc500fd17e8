// The dark theme and its colors, scaled for the UI scale.
#pragma once
#include <imgui.h>

namespace wl::ui {

// Replaces the ImGui style with the WarpLens theme at `ui_scale`.
void apply_theme(float ui_scale);

// Window background, also used to clear the framebuffer.
ImVec4 background_color();
ImVec4 accent_color();   // headings, the "GPU in use" dot
ImVec4 warning_color();  // status-bar notes, the "no GPU" dot

}  // namespace wl::ui
