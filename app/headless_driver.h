// What the command line asks of the frame loop besides the user: --screenshot (after
// --frames frames, and after a --sweep has settled) with its --probes and --export-* files,
// --bench-frames (walks the levels, times each frame), and --state-out (the state log that
// tests/app/gui_input_test.py reads). The loop in gui_app.cpp calls the hooks below, in order;
// it draws, this decides when to stop and what to write.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "app_state.h"
#include "cli_options.h"
#include "frame_timer.h"
#include "probe_log.h"
#include "state_log.h"

namespace wl {

class Window;

class HeadlessDriver {
 public:
  explicit HeadlessDriver(const GuiOptions& options);

  // --screenshot, --bench-frames or `warplens export`: no user at the window (no vsync, no monitor fit, no mouse).
  bool headless() const { return screenshot_ || bench_ || export_; }

  // Before anything else: an error when the screenshot cannot be written.
  std::string check_output() const;
  // After the start options are applied, before the window opens: finishes the runs so the
  // first frame shows them, and hands the views the probe log. An error to stop with, or "".
  std::string prepare(AppState& state);

  // Each frame, in this order:
  void frame_begins();           // before events are polled
  void steer(AppState& state);   // after playback advanced, before the sessions update
  // The frame is in the back buffer, not yet shown. A value: exit now with that code.
  std::optional<int> frame_drawn(AppState& state, const Window& window, float r, float g, float b);
  bool frame_shown(const AppState& state);  // after the swap; true: stop the loop

  // After the loop: the benchmark's report. The exit code.
  int finish(const AppState& state, std::size_t shapes_last_frame) const;

 private:
  // A --screenshot-views entry: the mode and view it shows, and the files' suffix.
  struct Shot {
    bool presenter = false, compare = false;
    const ViewDecl* view = find_view("tree");
    std::string suffix;  // "" for a plain --screenshot
  };
  std::optional<int> take_screenshot(AppState& state, const Window& window, float r, float g, float b);
  void apply_shot(AppState& state, const Shot& shot, bool before_window) const;

  const GuiOptions& options_;
  const bool screenshot_, bench_;
  const bool bench_load_;  // --bench-load: the frames while the run loads are timed too
  int warmup_frames() const;
  const bool export_;  // `warplens export`: export_view.h draws the levels and ends the run
  ProbeLog probes_;
  std::optional<StateLog> state_log_;
  FrameTimer timer_;
  int frame_ = 0;
  int sweep_settling_ = 0;  // frames to draw after a live sweep ends, so the screenshot shows it
  std::vector<Shot> shots_;  // --screenshot-views, parsed by prepare()
  std::size_t shot_ = 0;     // the one being drawn
};

}  // namespace wl
