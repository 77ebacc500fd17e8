// Colors with a meaning, chosen so colorblind viewers can tell them apart: the Okabe–Ito set
// (Okabe & Ito 2008) on the dark theme. Every view's legend names what its colors mean.
#pragma once
#include <imgui.h>

namespace wl::ui {

namespace okabe_ito {
constexpr ImU32 kOrange = IM_COL32(230, 159, 0, 255);
constexpr ImU32 kSkyBlue = IM_COL32(86, 180, 233, 255);
constexpr ImU32 kBluishGreen = IM_COL32(0, 158, 115, 255);
constexpr ImU32 kYellow = IM_COL32(240, 228, 66, 255);
constexpr ImU32 kBlue = IM_COL32(0, 114, 178, 255);
constexpr ImU32 kVermillion = IM_COL32(213, 94, 0, 255);
constexpr ImU32 kReddishPurple = IM_COL32(204, 121, 167, 255);
}  // namespace okabe_ito

// Warps cycle through six colors (vermillion is kept for problems); the legend says which.
constexpr int kWarpColorCount = 6;
ImU32 warp_color(unsigned warp);

constexpr ImU32 kProblemColor = okabe_ito::kVermillion;     // divergence, conflicts, races
constexpr ImU32 kActiveLaneColor = okabe_ito::kSkyBlue;     // a lane that worked
constexpr ImU32 kDivergedLaneColor = okabe_ito::kReddishPurple;  // a lane idle because its warp diverged
constexpr ImU32 kGoodColor = okabe_ito::kBluishGreen;       // conflict-free, coalesced
constexpr ImU32 kIdleColor = IM_COL32(70, 76, 90, 255);     // a lane or slot that did nothing
constexpr ImU32 kCarriedColor = IM_COL32(56, 61, 74, 255);  // a value unchanged from the row above
constexpr ImU32 kInputColor = IM_COL32(92, 104, 126, 255);  // an input element
constexpr ImU32 kEmptyColor = IM_COL32(36, 40, 49, 255);    // nothing recorded
constexpr ImU32 kHighlightColor = IM_COL32(255, 255, 255, 255);  // the current level's outlines
constexpr ImU32 kCurrentBandColor = IM_COL32(255, 255, 255, 18);

// Black or white, whichever reads better on `background`.
ImU32 text_on(ImU32 background);
ImU32 with_alpha(ImU32 color, float alpha);
// `color` (with its alpha) laid over an opaque `background`: the opaque color a viewer sees, so
// text_on() can pick a legible ink for a translucent fill.
ImU32 blend_over(ImU32 color, ImU32 background);

}  // namespace wl::ui
