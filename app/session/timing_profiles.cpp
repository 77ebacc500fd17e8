#include "session/timing_profiles.h"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <utility>

namespace wl {

std::vector<ProfileEntry> load_profiles(const std::string& folder, const std::vector<std::string>& files) {
  // Files named on the command line first, in their order: the first that loads is the one
  // shown. Then the folder's, the newest recording first (a family's profile of the GPU lent
  // today before an older machine's), by name within a date; files that do not load last.
  std::vector<std::string> recorded;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
    if (entry.path().extension() == ".json") recorded.push_back(entry.path().string());
  std::sort(recorded.begin(), recorded.end());

  const auto load = [](const std::string& path) {
    ProfileEntry entry{path, std::nullopt, {}};
    try {
      entry.sweep = load_sweep(path);
    } catch (const std::exception& e) {  // a corrupt file is a line in the panel, not a crash
      entry.error = e.what();
    }
    return entry;
  };
  std::vector<ProfileEntry> profiles;
  for (const std::string& path : files) profiles.push_back(load(path));
  const std::size_t named = profiles.size();
  for (const std::string& path : recorded) profiles.push_back(load(path));
  std::stable_sort(profiles.begin() + std::ptrdiff_t(named), profiles.end(),
                   [](const ProfileEntry& a, const ProfileEntry& b) {
                     if (bool(a.sweep) != bool(b.sweep)) return bool(a.sweep);
                     return a.sweep && a.sweep->date > b.sweep->date;
                   });
  return profiles;
}

namespace {

// The sweep `which` names (as TimingState::shown), or nullptr.
const TimingSweep* sweep_at(const TimingState& t, int which) {
  if (which < 0) return t.live ? &*t.live : nullptr;
  if (std::size_t(which) < t.profiles.size() && t.profiles[std::size_t(which)].sweep)
    return &*t.profiles[std::size_t(which)].sweep;
  return nullptr;
}

// The same measurement along another axis: the device, family, operator and type agree.
bool siblings(const TimingSweep& a, const TimingSweep& b) {
  return a.device == b.device && a.family == b.family && a.op == b.op && a.type == b.type;
}

}  // namespace

const TimingSweep* TimingState::shown_sweep() const { return sweep_at(*this, shown); }

void TimingState::show(int which) {
  shown = which;
  ladder_n = 0;
  plot_n = 0;
  ladder_param.reset();
}

std::vector<TimingState::AxisChoice> TimingState::axis_choices() const {
  std::vector<AxisChoice> choices;
  const TimingSweep* current = shown_sweep();
  if (!current) return choices;
  auto offer = [&](int which) {
    const TimingSweep* s = sweep_at(*this, which);
    if (!s || !siblings(*s, *current)) return;
    for (const AxisChoice& c : choices)
      if (c.axis == s->axis_name()) return;  // the first of an axis (the shown one was offered first)
    choices.push_back({s->axis_name(), which});
  };
  offer(shown);
  offer(-1);
  for (std::size_t i = 0; i < profiles.size(); ++i) offer(int(i));
  std::sort(choices.begin(), choices.end(), [](const AxisChoice& a, const AxisChoice& b) {
    return (a.axis == "n") != (b.axis == "n") ? a.axis == "n" : a.axis < b.axis;
  });
  return choices;
}

void TimingState::reload(const std::string& folder) {
  profiles = load_profiles(folder, extra_profiles);
  loaded = true;
  if (shown < 0 && live) return;
  show(0);
  for (std::size_t i = 0; i < profiles.size(); ++i)
    if (profiles[i].sweep) {
      shown = int(i);
      break;
    }
  if (!followed.empty()) follow_family(std::exchange(followed, std::string()), followed_params);
}

namespace {
// Whether a sweep was timed at the parameters given, where it names them ("random, gpus=4").
bool timed_at(const TimingSweep& sweep, const std::map<std::string, std::uint64_t>& params) {
  const std::string input = sweep.input + ",";
  for (const auto& [name, value] : params)
    if (input.find(" " + name + "=") != std::string::npos &&
        input.find(" " + name + "=" + std::to_string(value) + ",") == std::string::npos)
      return false;
  return true;
}
}  // namespace

void TimingState::follow_family(const std::string& family, const std::map<std::string, std::uint64_t>& params) {
  if (family == followed && params == followed_params) return;
  const bool first = followed.empty();
  followed = family;
  followed_params = params;
  if (first && shown >= 0 && std::size_t(shown) < extra_profiles.size()) return;  // a file asked for by name
  const TimingSweep* s = shown_sweep();
  if (s && s->family == family && timed_at(*s, params)) return;
  if (live && live->family == family) return show(-1);
  for (const bool same_params : {true, false}) {
    if (!same_params && s && s->family == family) return;  // none timed at these: the one shown stays
    for (const bool against_n : {true, false})
      for (std::size_t i = 0; i < profiles.size(); ++i)
        if (profiles[i].sweep && profiles[i].sweep->family == family && profiles[i].sweep->against_param() != against_n &&
            (!same_params || timed_at(*profiles[i].sweep, params)))
          return show(int(i));
  }
}

}  // namespace wl
