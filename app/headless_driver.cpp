#include "headless_driver.h"

#include <algorithm>
#include <cstdio>

#include "app_actions.h"
#include "export_view.h"
#include "exports.h"
#include "model/views/view_registry.h"
#include "platform/window.h"
#include "screenshot.h"

namespace wl {
namespace {

// The first frames compile shaders and upload the font atlas: not what a frame costs.
constexpr int kBenchWarmupFrames = 10;

int fail(const std::string& message) {
  std::fprintf(stderr, "warplens: %s\n", message.c_str());
  return 1;
}

std::string run_problem(const AppState& state) {
  for (int side = 0; side < (state.compare ? 2 : 1); ++side) {
    const Session& s = state.sessions[side];
    if (!s.settings_error().empty()) return s.settings_error();
    // A kernel bug with the run up to it is a picture to take (a pitfall's lesson), and so is a
    // learner's file that does not build (the compiler's lines are what the learner sees).
    const ShownRun* o = s.outcome();
    if (o && !o->ok() && o->problem != RunProblem::TraceFile && o->problem != RunProblem::Lab && !o->views)
      return o->message;
  }
  return {};
}

// A trace asked for (--trace) that did not load: the picture shows why, but the run failed.
bool trace_failed(const AppState& state) {
  for (int side = 0; side < (state.compare ? 2 : 1); ++side) {
    const ShownRun* o = state.sessions[side].outcome();
    if (o && o->problem == RunProblem::TraceFile) return true;
  }
  return false;
}

// "out.png" and "presenter:metrics" -> "out-presenter-metrics.png".
std::string with_suffix(const std::string& path, const std::string& suffix) {
  if (suffix.empty()) return path;
  const std::size_t slash = path.rfind('/'), dot = path.rfind('.');
  const std::size_t at = dot != std::string::npos && (slash == std::string::npos || dot > slash) ? dot : path.size();
  return path.substr(0, at) + "-" + suffix + path.substr(at);
}

}  // namespace

HeadlessDriver::HeadlessDriver(const GuiOptions& options)
    : options_(options),
      screenshot_(!options.screenshot_path.empty()),
      bench_(options.bench_frames > 0),
      bench_load_(options.bench_load),
      export_(options.view_export.any()) {
  if (!options.state_path.empty()) state_log_.emplace(options.state_path);
}

std::string HeadlessDriver::check_output() const {
  std::string error;
  if (screenshot_) check_screenshot_path(options_.screenshot_path, error);
  if (export_) check_export_paths(options_.view_export, error);
  return error;
}

void HeadlessDriver::apply_shot(AppState& state, const Shot& shot, bool before_window) const {
  if (state.presenter != shot.presenter) {
    state.presenter = shot.presenter;
    // Before the window opens, the loop sets the scale from state.presenter itself.
    if (!before_window) state.requested_ui_scale = state.unzoomed_ui_scale();
  }
  state.view = shot.view;
  set_compare(state, shot.compare);
  state.cameras[0] = state.cameras[1] = TreeCamera{};
}

std::string HeadlessDriver::prepare(AppState& state) {
  for (const std::string& entry : options_.screenshot_views) {
    Shot shot;
    std::string name = entry;
    if (name.rfind("presenter:", 0) == 0) {
      shot.presenter = true;
      name = name.substr(10);  // "presenter:"
    }
    if (name.rfind("compare-", 0) == 0) {
      shot.compare = true;
      name = name.substr(8);  // "compare-"
    }
    bool compare = false;
    if (!parse_view(name, shot.view, compare)) return "--screenshot-views: unknown view '" + name + "' in '" + entry + "'";
    shot.compare = shot.compare || compare;
    shot.suffix = entry;
    std::replace(shot.suffix.begin(), shot.suffix.end(), ':', '-');
    shots_.push_back(shot);
  }
  if (!shots_.empty()) apply_shot(state, shots_.front(), true);
  if (headless() && !bench_load_) {
    state.wait_for_models = true;  // a picture of a view, never of "Preparing"
    finish_sessions(state);  // show finished runs from the first frame
    // A screenshot of something that cannot run would be a picture of an error: say so.
    if (const std::string problem = run_problem(state); !problem.empty() && (screenshot_ || export_)) return problem;
  }
  if ((screenshot_ && !options_.probes_path.empty()) || state_log_) state.probes = &probes_;
  return {};
}

void HeadlessDriver::frame_begins() {
  ++frame_;
  if (bench_ && frame_ > warmup_frames()) timer_.begin();
  probes_.clear();
}

void HeadlessDriver::steer(AppState& state) {
  if (!bench_) return;
  // Walk the levels: every frame draws a new one.
  Playback& p = state.playback;
  if (p.index() + 1 >= p.steps().size() && !p.empty()) p.go_to(p.steps().front());
  else p.forward();
}

std::optional<int> HeadlessDriver::frame_drawn(AppState& state, const Window& window, float r, float g, float b) {
  if (export_) return drive_view_export(state, options_.view_export, frame_, options_.frames);
  // --sweep: the screenshot waits for the live sweep, then draws its result.
  if (state.timing.sweep_requested || state.timing.worker.busy()) sweep_settling_ = 3;
  else if (sweep_settling_ > 0) --sweep_settling_;
  const bool last_frame = screenshot_ && frame_ >= options_.frames && sweep_settling_ == 0;
  if (last_frame) {  // --export-*: of the frame the screenshot shows
    state.export_png_path = options_.exports.png;
    state.export_png_scale = options_.exports.png_scale;
    state.export_json_path = options_.exports.json;
    state.export_trace_path = options_.exports.trace;
    state.export_timing_csv_path = options_.exports.timing_csv;
  }
  if (state_log_) {
    int width = 0, height = 0;
    window.framebuffer_size(width, height);
    state_log_->update(state, width, height, probes_);
  }
  if (!last_frame) return std::nullopt;
  const std::optional<int> done = take_screenshot(state, window, r, g, b);
  if (!done || *done != 0 || shot_ + 1 >= shots_.size()) return done;
  // The next entry: its mode and view, its runs finished, then --frames frames of its own; one
  // more where it switches presenter mode, whose first frame only sets the new scale (what is
  // sized from the frame before, a pane's scrollbar and a legend's height, settles after it).
  const bool rescaled = shots_[shot_ + 1].presenter != state.presenter;
  apply_shot(state, shots_[++shot_], false);
  finish_sessions(state);
  frame_ = rescaled ? -1 : 0;
  return std::nullopt;
}

std::optional<int> HeadlessDriver::take_screenshot(AppState& state, const Window& window, float r, float g,
                                                   float b) {
  if (const std::string error = run_exports(state, r, g, b); !error.empty()) return fail(error);
  int width = 0, height = 0;
  window.framebuffer_size(width, height);
  const WindowSize& asked = options_.size;
  if (width != asked.width || height != asked.height)
    std::fprintf(stderr, "warplens: note: the window is %dx%d pixels, not the %dx%d asked for\n", width, height,
                 asked.width, asked.height);
  std::string error;
  const std::string suffix = shot_ < shots_.size() ? shots_[shot_].suffix : std::string();
  const std::string png = with_suffix(options_.screenshot_path, suffix);
  if (!save_back_buffer_png(png, width, height, error)) return fail(error);
  // Text the frame cut, measured from its draw data: tests expect none.
  const std::vector<ClippedGlyph> clipped = find_clipped_glyphs();
  probes_.touch("text.clipped");
  probes_.touch("table.header.broken");
  probes_.touch("pane.cut");  // views without panes (Timing) cut none
  std::string last_line;
  for (const ClippedGlyph& c : clipped) {
    probes_.add("text.clipped", c.x, c.y);
    if (c.line != last_line) probes_.note("text.clipped", c.line);
    last_line = c.line;
  }
  const std::string probes = with_suffix(options_.probes_path, suffix);
  if (!options_.probes_path.empty() && !probes_.write_json(probes, width, height, error)) return fail(error);
  std::printf("warplens: wrote %s (%dx%d)", png.c_str(), width, height);
  if (!clipped.empty()) std::printf(", %zu clipped glyphs", clipped.size());
  std::printf("\n");
  if (!state.banner.empty()) std::printf("warplens: the app showed: %s\n", state.banner.c_str());
  return trace_failed(state) ? 1 : 0;
}

int HeadlessDriver::warmup_frames() const { return bench_load_ ? 0 : kBenchWarmupFrames; }

bool HeadlessDriver::frame_shown(const AppState& state) {
  if (!bench_ || frame_ <= warmup_frames()) return false;
  timer_.end();
  const bool loading = bench_load_ && (state.sessions[0].busy() || state.sessions[1].busy());
  return int(timer_.frames()) >= options_.bench_frames && !loading;
}

int HeadlessDriver::finish(const AppState& state, std::size_t shapes_last_frame) const {
  if (!bench_) return 0;
  const TraceViews* v = state.sessions[0].views();
  std::printf("warplens: bench: %s, view %s%s\n", v ? v->trace.meta.variant.c_str() : "(no run)",
              state.view->id, state.compare ? " (compare)" : "");
  if (v)
    std::printf("warplens: bench: trace of %zu events, %zu recorded blocks x %u threads, %zu shapes last frame\n",
                v->trace.events.size(), v->blocks.size(), v->trace.meta.block_dim, shapes_last_frame);
  if (bench_load_) std::printf("warplens: bench: from the first frame, the load included, %s\n", timer_.summary().c_str());
  else std::printf("warplens: bench: after %d warm-up frames, %s\n", kBenchWarmupFrames, timer_.summary().c_str());
  return 0;
}

}  // namespace wl
