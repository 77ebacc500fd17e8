#include "session/playback.h"

#include <algorithm>

namespace wl {

void Playback::set_steps(std::vector<std::uint16_t> steps) {
  std::sort(steps.begin(), steps.end());
  steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
  steps_ = std::move(steps);
  go_to(wanted_);
}

void Playback::go_to(std::uint16_t step) {
  wanted_ = step;
  if (steps_.empty()) return;
  const auto it = std::upper_bound(steps_.begin(), steps_.end(), step);
  index_ = it == steps_.begin() ? 0 : std::size_t(it - steps_.begin()) - 1;
}

void Playback::forward() {
  if (!steps_.empty() && index_ + 1 < steps_.size()) wanted_ = steps_[++index_];
}

void Playback::back() {
  if (!steps_.empty() && index_ > 0) wanted_ = steps_[--index_];
}

void Playback::play() {
  if (!steps_.empty() && index_ + 1 >= steps_.size()) {
    index_ = 0;
    wanted_ = steps_[0];
  }
  playing_ = true;
  elapsed_ = 0.0;
}

void Playback::set_speed(float steps_per_second) { speed_ = std::clamp(steps_per_second, 0.25f, 8.0f); }

bool Playback::advance(double seconds) {
  if (!playing_ || steps_.empty()) return false;
  elapsed_ += seconds;
  const double period = 1.0 / double(speed_);
  bool changed = false;
  while (elapsed_ >= period) {
    elapsed_ -= period;
    if (index_ + 1 >= steps_.size()) {
      playing_ = false;
      break;
    }
    wanted_ = steps_[++index_];
    changed = true;
  }
  return changed;
}

}  // namespace wl
