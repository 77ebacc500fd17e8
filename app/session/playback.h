// Stepping through tree levels: the current step, back / forward, and timed play. One Playback
// drives both sides of compare mode, so they step in lockstep by step number.
#pragma once
#include <cstdint>
#include <vector>

#include "core/step.h"

namespace wl {

class Playback {
 public:
  // The steps to walk (ascending). Keeps the current step if still present, else the nearest.
  void set_steps(std::vector<std::uint16_t> steps);
  const std::vector<std::uint16_t>& steps() const { return steps_; }
  bool empty() const { return steps_.empty(); }

  std::uint16_t step() const { return steps_.empty() ? wanted_ : steps_[index_]; }
  std::size_t index() const { return index_; }
  // Goes to `step`, or the nearest step before it; remembered until the steps arrive.
  void go_to(std::uint16_t step);
  void forward();
  void back();

  bool playing() const { return playing_; }
  void play();  // from the start when at the end
  void pause() { playing_ = false; }
  void toggle() { playing_ ? pause() : play(); }
  float speed() const { return speed_; }  // steps per second
  void set_speed(float steps_per_second);
  // Advances by elapsed time while playing; stops at the last step. True when the step changed.
  bool advance(double seconds);

 private:
  std::vector<std::uint16_t> steps_;
  std::size_t index_ = 0;
  std::uint16_t wanted_ = level_step(0);
  bool playing_ = false;
  float speed_ = 1.0f;
  double elapsed_ = 0.0;
};

}  // namespace wl
