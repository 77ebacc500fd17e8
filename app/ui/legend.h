// The legend strip under a view: a colored swatch per meaning, wrapping to the next line.
#pragma once
#include <imgui.h>

namespace wl::ui {

enum class SwatchShape { Box, Line, DashedLine, Outline, Hatched };

// Starts a legend line; swatches follow on the same line while they fit.
void legend_begin();
void legend_item(ImU32 color, const char* text, SwatchShape shape = SwatchShape::Box);
void legend_text(const char* text);  // a plain note among the swatches
// Several colors in one swatch row, then the text: "warps 0-5, then again".
void legend_colors(const ImU32* colors, int count, const char* text);
// A ramp: one swatch per color, each with its number (first, first + 1, ...) in the ink that reads
// on it, then the text: "1 ... 4: ranks combined".
void legend_ramp(const ImU32* colors, int count, int first, const char* text);
void legend_end();

// Height of `lines` legend lines, to reserve below a view's canvas.
float legend_height(int lines);
// What to reserve for the window's legend: `lines` lines, or more where it took more last frame.
float legend_reserve(int lines);

}  // namespace wl::ui
