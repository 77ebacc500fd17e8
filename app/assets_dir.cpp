#include "assets_dir.h"

#include <cstdlib>

namespace wl {

std::string assets_dir() {
  if (const char* env = std::getenv("WARPLENS_ASSETS"); env && *env) return env;
  return WL_ASSETS_DIR;
}

std::string lessons_dir() { return assets_dir() + "/lessons"; }
std::string profiles_dir() { return assets_dir() + "/profiles"; }

}  // namespace wl
