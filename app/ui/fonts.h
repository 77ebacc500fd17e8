// Loads the UI fonts (DejaVu Sans) at the UI scale: from the system's DejaVu folder, else from
// the copies compiled into the program (app/CMakeLists.txt), so arrows (← → ◀ ▶) and dashes
// draw on machines without the fonts, where ImGui's own font would draw "?".
#pragma once

struct ImFont;

namespace wl::ui {

struct UiFonts {
  ImFont* body = nullptr;     // default font for all text
  ImFont* heading = nullptr;  // titles
  ImFont* mono = nullptr;     // source code (DejaVu Sans Mono)
  ImFont* caption = nullptr;  // lesson captions: a third larger than the body
  bool built_in = false;      // some came from the compiled-in copies: the folder lacked them
};

// The folder searched first: $WARPLENS_FONT_DIR (tests point it at a folder without fonts),
// else /usr/share/fonts/truetype/dejavu.
const char* font_dir();

// Rebuilds the font atlas. Call between frames; then refresh the GL texture.
UiFonts load_ui_fonts(float ui_scale);

}  // namespace wl::ui
