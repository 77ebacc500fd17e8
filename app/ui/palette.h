// Colors with a meaning, chosen so colorblind viewers can tell them apart: the Okabe–Ito set
// (Okabe & Ito 2008), and the greys, inks and bands every view draws with, one set per theme
// (theme.h). Views read them from colors(), never as literals. Every view's legend names what
// its colors mean.
#pragma once
#include <imgui.h>

namespace wl::ui {

// The set as published: the dark theme's data colors, and what the light theme starts from.
namespace okabe_ito {
constexpr ImU32 kOrange = IM_COL32(230, 159, 0, 255);
constexpr ImU32 kSkyBlue = IM_COL32(86, 180, 233, 255);
constexpr ImU32 kBluishGreen = IM_COL32(0, 158, 115, 255);
constexpr ImU32 kYellow = IM_COL32(240, 228, 66, 255);
constexpr ImU32 kBlue = IM_COL32(0, 114, 178, 255);
constexpr ImU32 kVermillion = IM_COL32(213, 94, 0, 255);
constexpr ImU32 kReddishPurple = IM_COL32(204, 121, 167, 255);
}  // namespace okabe_ito

// The current theme's colors.
struct Colors {
  // Okabe–Ito, as seen on this theme's background (legible()).
  ImU32 orange, sky_blue, bluish_green, yellow, blue, vermillion, reddish_purple;
  ImU32 problem;        // divergence, conflicts, races (vermillion)
  ImU32 good;           // conflict-free, coalesced (bluish green)
  ImU32 active_lane;    // a lane that worked (sky blue)
  ImU32 diverged_lane;  // a lane idle because its warp diverged (reddish purple)

  // Text drawn on the view's pane (ImGui's own widgets use the style's).
  ImU32 text_current;  // the current level's label: brightest on dark, blackest on light
  ImU32 label;         // row and column labels
  ImU32 label_strong;  // labels that must read at a glance (warp numbers, level names)
  ImU32 soft_text;     // text beside a diagram (the dataflow's buffer names)
  ImU32 line_number;   // the source view's gutter

  // Fills.
  ImU32 empty;    // nothing recorded
  ImU32 idle;     // a lane or slot that did nothing
  ImU32 carried;  // a value unchanged from the row above; a node's plain fill
  ImU32 input;    // an input element
  ImU32 written;  // a value a thread wrote (dataflow)
  ImU32 row;      // a row's background in a table-like diagram
  ImU32 row_alt;  // the current or every other row
  ImU32 banner;   // the error banner's background, under the style's text
  ImU32 gap;      // the window's background, drawn between cells to part them

  // Lines, marks and translucent bands.
  ImU32 border;       // a box's outline, a swatch's
  ImU32 guide;        // a diagram's guides and brackets
  ImU32 neutral;      // a line with no color of its own (legend swatches of edges)
  ImU32 faded_edge;   // an edge outside the current level
  ImU32 hot_edge;     // an edge into the current level, without a warp's color
  ImU32 link;         // a lane's line to its memory sector
  ImU32 highlight;    // the current level's outlines
  ImU32 mark;         // a mark over colored cells (a cell's outline, a tick)
  ImU32 wrap;         // a row wrapping to the next line
  ImU32 band;         // the current row's or column's band
  ImU32 shade;        // a wider translucent region (where recorded blocks end)
  ImU32 grid;         // grid lines, faint separators
  ImU32 rule;         // separators that must show (a row's rule, a chunk's start)
  ImU32 hatch;        // dark ink on colored fills (hatching, a cross)
  ImU32 axis;         // a plot's axes and their labels
  ImU32 plot_bg;      // a plot's frame
  ImU32 overlay_bg;   // a box of text over a plot (its legend)
  ImU32 reference;    // a reference line over a plot (the size marker)
};
const Colors& colors();

// Warps cycle through six colors (vermillion is kept for problems); the legend says which.
constexpr int kWarpColorCount = 6;
ImU32 warp_color(unsigned warp);

// A data color as drawn on the current theme: unchanged on dark; on light, darkened (hue kept)
// where it would stand too little from the white (Okabe–Ito's yellow, sky blue, orange; the
// timing plots' pale hues).
ImU32 legible(ImU32 color);

// Black or white, whichever reads better on `background`.
ImU32 text_on(ImU32 background);
ImU32 with_alpha(ImU32 color, float alpha);
// `color` (with its alpha) laid over an opaque `background`: the opaque color a viewer sees, so
// text_on() can pick a legible ink for a translucent fill.
ImU32 blend_over(ImU32 color, ImU32 background);

}  // namespace wl::ui
