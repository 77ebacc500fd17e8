// Where the app finds its run-time assets (lessons): $WARPLENS_ASSETS, else the source tree's
// assets/ folder this build was configured from.
#pragma once
#include <string>

namespace wl {

std::string assets_dir();
std::string lessons_dir();

}  // namespace wl
