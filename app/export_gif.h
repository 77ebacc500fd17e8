// The levels of a view as an animated GIF, encoded by giflib (Debian's libgif-dev). giflib is
// optional at build time: without it gif_export_available() is false and write_gif says why.
#pragma once
#include <string>
#include <vector>

#include "export_request.h"

namespace wl {

bool gif_export_available();
// One sentence for a build without giflib: the menu's tooltip and the command line's error.
extern const char* const kGifNeedsGiflib;

// Writes `frames` (all one size) as a GIF that loops forever, each frame shown `delay_ms`. One
// palette for all frames (the view's colors stay put from frame to frame); after the first, a
// frame holds only the rectangle that changed, so a level's GIF stays small.
bool write_gif(const std::string& path, const std::vector<RgbImage>& frames, int delay_ms, std::string& error);

}  // namespace wl
