// Where the app finds its run-time assets (lessons, timing profiles): $WARPLENS_ASSETS, else the source tree's
// assets/ folder this build was configured from.
#pragma once
#include <string>

namespace wl {

std::string assets_dir();
std::string lessons_dir();
std::string profiles_dir();  // recorded timing sweeps, *.json

}  // namespace wl
