// What the UI windows read and change, shared through one struct.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "export_request.h"
#include "settings.h"
#include "session/lesson_player.h"
#include "session/playback.h"
#include "session/session.h"
#include "session/timing_profiles.h"
#include "model/views/view_registry.h"

struct ImFont;

namespace wl {

class ProbeLog;

// Zoom and pan of a tree diagram: zoom 1 fits the whole tree; pan is in layout columns / rows.
struct TreeCamera {
  float zoom = 1.0f;
  float pan_x = 0.0f;
  float pan_y = 0.0f;
  bool focus_level = false;  // next frame: zoom onto the current level's nodes
  float legend_h = 0.0f;     // the legend's height last frame: it wraps in a narrow pane
};

// The learner's file of `--lab` (sessions[0] runs it): when it was last seen changed.
struct LabWatch {
  std::string path;  // empty: no lab
  std::filesystem::file_time_type seen{};
};

// The whole program of `--program` (sessions[0] runs it): its files, when each was last seen changed.
struct ProgramWatch {
  std::optional<SettledProgram> program;     // none: no program
  std::optional<lab::EntryRequest> entry;    // --lab FILE --entry NAME: a practice entry instead
  std::vector<std::filesystem::file_time_type> seen;
};

// Presenter mode's text size over the base scale. A projector shows the whole picture on one
// wall whatever its lines, so text takes a share of the height: 1.5 on 1080 lines, less on fewer
// (each of a 720p projector's pixels is larger), but never below 1.2, legible from the back row.
constexpr float kPresenterScale = 1.5f;      // at kPresenterLines and above
constexpr float kPresenterLines = 1080.0f;   // a 1080p projector
constexpr float kPresenterMinScale = 1.2f;   // 720 lines: 16 px text, 2.2% of the height
inline float presenter_scale(float window_lines) {
  if (window_lines <= 0.0f) return kPresenterScale;  // before the window opens
  const float share = kPresenterScale * window_lines / kPresenterLines;
  const float stepped = std::round(share * 20.0f) / 20.0f;  // steps of 5%: a resize rebuilds the fonts rarely
  return std::clamp(stepped, kPresenterMinScale, kPresenterScale);
}

struct AppState {
  float ui_scale = 1.0f;            // in effect this frame: the requested scale times the zoom
  float monitor_scale = 1.0f;       // the monitor's content scale
  float base_ui_scale = 1.0f;       // the scale outside presenter mode, before the zoom
  float requested_ui_scale = 0.0f;  // > 0: apply (times preferences.zoom) before the next frame
  float window_lines = 0.0f;        // the window's height over the monitor scale (presenter text follows it)
  Preferences preferences;          // remembered in imgui.ini: the theme chosen, the zoom
  Theme theme = Theme::Dark;        // in effect: --theme may differ from the one remembered
  bool quit_requested = false;

  bool gpu_available = false;
  std::string backend_label;        // "GPU: ..." or "No GPU: ..."
  std::string device_name;          // the GPU's name, or empty
  std::vector<std::string> notes;   // shown in the status bar (e.g. settings not saved)

  ImFont* heading_font = nullptr;   // large font for titles; nullptr: the default font
  ImFont* mono_font = nullptr;      // kernel source; nullptr: the default font
  ImFont* caption_font = nullptr;   // lesson captions, larger than the body; nullptr: default

  // What is shown.
  Session sessions[2];              // [0] the main variant, [1] the one compared with it
  bool compare = false;             // both sides, in lockstep
  // --compare-param: the right side's own family parameters; unset, it takes the left's (those
  // its family has: a built-in variant beside a learner's kernel leaves its contract's own).
  std::optional<std::map<std::string, std::uint64_t>> compare_params;
  const ViewDecl* view = find_view("tree");
  bool wait_for_models = false;     // headless: a view's model is built before the frame is drawn
  Playback playback;
  TreeCamera cameras[2];
  bool show_help = false;
  bool presenter = false;           // fullscreen-sized text, side panels hidden
  bool fullscreen = false;
  bool fullscreen_changed = false;  // the frame loop applies it
  LessonPlayer lesson;
  std::string banner;               // an error shown above the views until dismissed
  LabWatch lab;                     // --lab: the learner's file, run again when it changes
  ProgramWatch program;             // --program: its files, the program run again when one changes
  TimingState timing;               // the Timing view's sweeps, live worker and ladder choice

  // Requests the frame loop carries out after drawing.
  std::string export_png_path;      // set: save the next frame as PNG
  float export_png_scale = 1.0f;
  std::string export_json_path;     // set: write sessions[0]'s trace as JSON
  std::string export_trace_path;    // set: write sessions[0]'s trace as a .wltrace file
  std::string export_timing_csv_path;  // set: write the Timing view's sweep as CSV
  ViewExportJob export_view;        // the view for slides: a PNG, a PNG per level, a GIF (export_view.h)
  std::string status_message;       // last export / load message, for the status bar

  ProbeLog* probes = nullptr;       // set in --screenshot runs: views record sample points

  // The scale presenter mode and the scale menu ask for; the zoom multiplies it.
  float unzoomed_ui_scale() const { return presenter ? base_ui_scale * presenter_scale(window_lines) : base_ui_scale; }
};

}  // namespace wl
