// --state-out FILE: what the app is showing, as JSON, rewritten whenever it changes, so a test
// that drives the real window with X input (tests/app/gui_input_test.py) can see what each key,
// click, drag or resize did: the view, the step, compare, the cameras, the panels' rectangles,
// and where the views drew what they probe (ProbeLog: a count and a bounding box per group);
// and how many frames were drawn, so a test can see that an idle window draws few.
#pragma once
#include <string>

#include "app_state.h"
#include "probe_log.h"

namespace wl {

class StateLog {
 public:
  explicit StateLog(std::string path) : path_(std::move(path)) {}
  // Call after a frame is drawn. Writes only when the JSON differs from the last written.
  void update(const AppState& state, int width, int height, const ProbeLog& probes);

 private:
  std::string path_, last_;
  unsigned long long frames_ = 0;  // update() is called once a frame
};

}  // namespace wl
