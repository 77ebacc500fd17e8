// Command-line options of the desktop program, parsed with CLI11.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/default_run.h"
#include "core/step.h"
#include "export_request.h"
#include "settings.h"

namespace CLI {
class App;
}

namespace wl {

// Exit code for a bad command line (unknown flag, invalid value).
constexpr int kExitUsage = 2;

struct WindowSize {
  int width = 1600;
  int height = 900;
};

// What to show at start: a kernel run (or a trace file), a view, a level. Unset fields keep
// the app's defaults.
struct StartOptions {
  std::string family = kDefaultFamily;
  std::string variant;
  std::string compare_with;   // set: compare mode with this variant (with --lab: kernel, FILE or FILE:KERNEL) on the right
  std::vector<std::string> compare_params;  // "name=value": the right side's own (default: the left's)
  std::string view;           // tree, divergence, banks, memory, source, compare, metrics
  std::string level;          // a tree level number, "load" or "finish"
  std::optional<std::uint64_t> n;
  std::optional<unsigned> block;
  std::string op, type, pattern, backend;
  std::vector<std::string> params;  // "name=value": the family's parameters (warplens list)
  std::optional<std::uint64_t> seed;
  std::optional<std::uint32_t> inspect_block;
  std::optional<std::uint32_t> inspect_launch;
  std::optional<unsigned> sm_count;  // unset: default_sm_count()
  std::string trace_path;     // load this trace file instead of running
  std::string compare_trace_path;  // and compare it with this one
  std::string lesson_path;    // start this lesson
  std::string lab_kernel;     // --kernel: a plain-CUDA lab file's kernel (its only one when empty)
  bool family_given = false;  // --family was on the command line (a plain-CUDA lab file's contract)
  std::string lab_path;       // a learner's kernel file (warplens lab): run it, and again on every save
  std::string lab_entry;      // --entry: with --lab, a practice site's host function (solve) to call
  std::string program_file;               // --program: a whole program's first source, run on the simulator
  std::vector<std::string> program_rest;   // its other sources, then its arguments (or -I/-D, --, its arguments)
  std::vector<std::string> profiles;  // timing sweeps for the Timing view, besides assets/profiles
  int lesson_slide = 1;       // 1-based
  bool presenter = false;
  bool show_keys = false;     // open the keyboard help
  bool sweep = false;         // start a live timing sweep (GPU only)
};

// With --screenshot: files to write from the frame it shows (as File > Export does).
struct ExportOptions {
  std::string png;         // a PNG rendered again offscreen, png_scale times the window's size
  float png_scale = 1.0f;
  std::string json;        // the trace as JSON
  std::string trace;       // the trace as a .wltrace file
  std::string timing_csv;  // the Timing view's sweep as CSV
};

struct GuiOptions {
  WindowSize size;                // framebuffer pixels
  bool size_given = false;        // false: may shrink to fit the monitor
  std::optional<float> ui_scale;  // unset: the monitor's content scale
  std::optional<Theme> theme;     // unset: the one remembered (View > Theme)
  std::string screenshot_path;    // set: render `frames` frames, save a PNG, exit
  int frames = 3;
  std::string probes_path;        // with --screenshot: where the views drew what tests check
  // With --screenshot: one PNG (and probes) per entry, "[presenter:][compare-]VIEW", each named
  // after the --screenshot and --probes paths with "-ENTRY" before the extension (":" as "-").
  std::vector<std::string> screenshot_views;
  std::string state_path;         // --state-out: the app's state as JSON, rewritten as it changes
  int bench_frames = 0;           // > 0: render this many frames, print CPU time per frame, exit
  bool bench_load = false;        // with bench_frames: time from the first frame, while the run loads
  bool print_paths = false;       // --paths: print where the data is found, exit
  StartOptions start;
  ExportOptions exports;
  ViewExportRequest view_export;  // `warplens export`: the view for slides (export_command.h)
};

// "3" → level_step(3), "load" → kLoadStep, "finish" → kFinishStep; nullopt when malformed.
std::optional<std::uint16_t> parse_level(const std::string& text);

// "1600x900" -> {1600, 900}; nullopt when malformed or out of range.
std::optional<WindowSize> parse_window_size(const std::string& text);

// Adds --version, --paths and the GUI flags to the top-level app.
void add_program_options(CLI::App& app, GuiOptions& options);

// Parses argv. Returns an exit code when the program must stop now:
// 0 after --help/--version, kExitUsage after a usage error.
std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv);

}  // namespace wl
