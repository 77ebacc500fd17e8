// The theme: dark for screens, light for projectors that wash dark themes out. The ImGui style
// and the window background; the views' own colors are the palette's (palette.h).
#pragma once
#include <imgui.h>

#include "settings.h"

namespace wl::ui {

// The theme every color below, the style and the palette follow; takes effect for the style
// at the next apply_theme().
void set_theme(Theme theme);
Theme current_theme();

// Replaces the ImGui style with the current theme's at `ui_scale`.
void apply_theme(float ui_scale);

// Window background, also used to clear the framebuffer.
ImVec4 background_color();
ImVec4 background_color(Theme theme);
ImVec4 accent_color();   // headings, the "GPU in use" dot
ImVec4 warning_color();  // status-bar notes, the "no GPU" dot

}  // namespace wl::ui
