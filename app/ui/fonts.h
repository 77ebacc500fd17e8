// Loads the UI fonts (DejaVu Sans) at the UI scale.
#pragma once
#include <string>

struct ImFont;

namespace wl::ui {

struct UiFonts {
  ImFont* body = nullptr;     // default font for all text
  ImFont* heading = nullptr;  // titles
  ImFont* mono = nullptr;     // source code (DejaVu Sans Mono), else the body font
  ImFont* caption = nullptr;  // lesson captions: a third larger than the body
  std::string note;           // set when DejaVu is missing and ImGui's font is used
};

// Rebuilds the font atlas. Call between frames; then refresh the GL texture.
UiFonts load_ui_fonts(float ui_scale);

}  // namespace wl::ui
