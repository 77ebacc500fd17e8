#include "session/timing_profiles.h"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <utility>

namespace wl {

std::vector<ProfileEntry> load_profiles(const std::string& folder, const std::vector<std::string>& files) {
  // Files named on the command line first: the first that loads is the one shown.
  std::vector<std::string> recorded;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
    if (entry.path().extension() == ".json") recorded.push_back(entry.path().string());
  std::sort(recorded.begin(), recorded.end());
  std::vector<std::string> paths = files;
  paths.insert(paths.end(), recorded.begin(), recorded.end());

  std::vector<ProfileEntry> profiles;
  for (const std::string& path : paths) {
    ProfileEntry entry{path, std::nullopt, {}};
    try {
      entry.sweep = load_sweep(path);
    } catch (const std::exception& e) {  // a corrupt file is a line in the panel, not a crash
      entry.error = e.what();
    }
    profiles.push_back(std::move(entry));
  }
  return profiles;
}

const TimingSweep* TimingState::shown_sweep() const {
  if (shown < 0) return live ? &*live : nullptr;
  if (std::size_t(shown) < profiles.size() && profiles[std::size_t(shown)].sweep)
    return &*profiles[std::size_t(shown)].sweep;
  return nullptr;
}

void TimingState::reload(const std::string& folder) {
  profiles = load_profiles(folder, extra_profiles);
  loaded = true;
  if (shown < 0 && live) return;
  shown = 0;
  for (std::size_t i = 0; i < profiles.size(); ++i)
    if (profiles[i].sweep) {
      shown = int(i);
      break;
    }
  if (!followed.empty()) follow_family(std::exchange(followed, std::string()));
}

void TimingState::follow_family(const std::string& family) {
  if (family == followed) return;
  const bool first = followed.empty();
  followed = family;
  if (first && shown >= 0 && std::size_t(shown) < extra_profiles.size()) return;  // a file asked for by name
  if (const TimingSweep* s = shown_sweep(); s && s->family == family) return;
  auto show = [&](int which) {
    shown = which;
    ladder_n = 0;
  };
  if (live && live->family == family) return show(-1);
  for (std::size_t i = 0; i < profiles.size(); ++i)
    if (profiles[i].sweep && profiles[i].sweep->family == family) return show(int(i));
}

}  // namespace wl
