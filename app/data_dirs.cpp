#include "data_dirs.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace wl {
namespace {

namespace fs = std::filesystem;

// What must be in a folder for it to hold a kind, relative to it.
const char* marker(DataKind kind) { return kind == DataKind::Assets ? "lessons" : "kernels/dialect/dialect.h"; }

// The kind's folder inside an installed share/warplens (or a folder laid out like it).
fs::path in_share(const fs::path& share, DataKind kind) {
  return kind == DataKind::Assets ? share : share / "include";
}

// Whether `path` lies inside `folder` (both made absolute, symlinks resolved where they exist).
bool inside(const fs::path& path, const fs::path& folder) {
  std::error_code ec;
  const std::string p = fs::weakly_canonical(path, ec).string();
  std::string f = fs::weakly_canonical(folder, ec).string();
  if (ec || f.empty()) return false;
  if (f.back() != '/') f += '/';
  return p.compare(0, f.size(), f) == 0;
}

DataCandidate check(std::string origin, const fs::path& folder, DataKind kind) {
  DataCandidate c{std::move(origin), folder.lexically_normal().string(), ""};
  std::error_code ec;
  if (!fs::is_directory(folder, ec))
    c.problem = "no such folder";
  else if (!fs::exists(folder / marker(kind), ec))
    c.problem = std::string("no ") + marker(kind) + " in it";
  return c;
}

}  // namespace

const DataCandidate* DataLookup::found() const {
  return !tried.empty() && tried.back().problem.empty() ? &tried.back() : nullptr;
}

DataPlaces current_data_places() {
  DataPlaces places;
  std::error_code ec;
  places.executable = fs::read_symlink("/proc/self/exe", ec).string();
  places.source_dir = WL_SOURCE_DIR;
  places.build_dir = WL_BUILD_DIR;
  if (const char* env = std::getenv("WARPLENS_DATA_DIR"); env && *env) places.data_dir_variable = env;
  return places;
}

DataLookup find_data(DataKind kind, const DataPlaces& places) {
  DataLookup lookup{kind, {}};
  const auto done = [&lookup] { return lookup.found() != nullptr; };

  if (places.executable.empty())
    lookup.tried.push_back({"next to the executable", "", "the executable's path is unknown"});
  else
    lookup.tried.push_back(check("next to the executable",
                                 in_share(fs::path(places.executable).parent_path().parent_path() / "share/warplens", kind),
                                 kind));
  if (done()) return lookup;

  const fs::path source = kind == DataKind::Assets ? fs::path(places.source_dir) / "assets" : fs::path(places.source_dir);
  // A copy of the program outside its build folder (installed, packaged) must not read the
  // checkout it was built from: that would hide a broken install.
  if (!places.executable.empty() && !inside(places.executable, places.build_dir))
    lookup.tried.push_back({"source tree", source.string(), "not run from its build folder " + places.build_dir});
  else
    lookup.tried.push_back(check("source tree", source, kind));
  if (done()) return lookup;

  if (places.data_dir_variable)
    lookup.tried.push_back(check("WARPLENS_DATA_DIR", in_share(*places.data_dir_variable, kind), kind));
  else
    lookup.tried.push_back({"WARPLENS_DATA_DIR", "", "not set"});
  return lookup;
}

namespace {

std::string found_dir(DataKind kind) {
  const DataLookup lookup = find_data(kind, current_data_places());
  return lookup.found() ? lookup.found()->path : std::string();
}

}  // namespace

// The data does not move while the program runs: look each kind up once.
std::string assets_dir() {
  static const std::string dir = found_dir(DataKind::Assets);
  return dir;
}

std::string headers_dir() {
  static const std::string dir = found_dir(DataKind::Headers);
  return dir;
}

std::string data_kind_name(DataKind kind) {
  return kind == DataKind::Assets ? "assets (lessons, profiles, exercises)" : "headers (kernels, trace, core)";
}

std::string missing_data_message(DataKind kind) {
  return "WarpLens found no " + data_kind_name(kind) +
         " next to its executable, in its source tree or in $WARPLENS_DATA_DIR (`warplens --paths` or "
         "`warplens-cli paths` says where it looked).";
}

std::string data_paths_report(const std::vector<DataLookup>& lookups) {
  std::string text;
  for (const DataLookup& lookup : lookups) {
    text += data_kind_name(lookup.kind) + ": ";
    if (const DataCandidate* used = lookup.found()) {
      text += used->path + " (" + used->origin + ")\n";
      continue;
    }
    text += "none found; install WarpLens, or set WARPLENS_DATA_DIR to a share/warplens folder\n";
    for (const DataCandidate& c : lookup.tried)
      text += "  " + c.origin + ": " + (c.path.empty() ? "" : c.path + ": ") + c.problem + "\n";
  }
  return text;
}

}  // namespace wl
