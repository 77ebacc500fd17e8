#include "assets_dir.h"

namespace wl {
namespace {

std::string in_assets(const char* folder) {
  const std::string assets = assets_dir();
  return assets.empty() ? assets : assets + "/" + folder;
}

}  // namespace

std::string lessons_dir() { return in_assets("lessons"); }
std::string profiles_dir() { return in_assets("profiles"); }
std::string exercises_dir() { return in_assets("exercises"); }
std::string plain_spellings_dir() { return in_assets("plain"); }

}  // namespace wl
