#include "export_command.h"

#include <CLI/CLI.hpp>

#include "export_gif.h"
#include "export_request.h"

namespace wl {

void add_export_command(CLI::App& app, GuiOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "export", "Export the view for slides: a PNG of the view alone, a PNG per level, a GIF of the levels");
  // The run, the view and the window are warplens's own options: they may follow `export`.
  cmd->fallthrough();
  cmd->footer(
      "Also takes warplens's options after export: what to run or load (--family, --variant, --n, --block, "
      "--type, --lab FILE.cu, --trace FILE, ...), what to show (--view, --level, --compare-with, --presenter), and "
      "--size WxH. The pictures hold the view alone, at --size: no side panel, tabs, menu or status bar.");
  ViewExportRequest& r = options.view_export;
  cmd->add_option("--png", r.png, "The view at the current level (--level) as a PNG")->type_name("FILE.png");
  cmd->add_option("--frames", r.frames,
                  "Every level as a numbered PNG, in playback order: a pattern with one %d (out-%03d.png), or a "
                  "prefix (out: out-001.png, out-002.png, ...)")
      ->type_name("PATTERN")
      ->check(CLI::Validator(
          [](std::string& t) {
            std::string error;
            return check_frame_pattern(t, error) ? std::string() : error;
          },
          ""));
  cmd->add_option("--gif", r.gif,
                  gif_export_available() ? "The levels as an animated GIF that loops" : kGifNeedsGiflib)
      ->type_name("FILE.gif");
  cmd->add_option("--levels", r.levels, "Levels for --frames and --gif: all, current, or FROM..TO (0..3, load..finish)")
      ->type_name("LEVELS")
      ->capture_default_str()
      ->check(CLI::Validator(
          [](std::string& t) {
            std::string error;
            return parse_level_range(t, error) ? std::string() : error;
          },
          ""));
  cmd->add_option("--delay-ms", r.delay_ms, "Each GIF frame's time on screen, in milliseconds")
      ->check(CLI::Range(10, 60000))
      ->type_name("MS")
      ->capture_default_str();
  cmd->callback([&options, &r] {
    if (!r.any()) throw CLI::ValidationError("export: name at least one file to write: --png, --frames or --gif");
    if (!r.gif.empty() && !gif_export_available()) throw CLI::ValidationError(kGifNeedsGiflib);
    if (!options.screenshot_path.empty() || options.bench_frames > 0)
      throw CLI::ValidationError("export writes its own files: --screenshot and --bench-frames do not go with it");
    if (!options.start.lesson_path.empty())
      throw CLI::ValidationError("export shows a run, a learner's kernel (--lab) or a trace: a lesson's slides are "
                                 "each such a run; export the slide's run with its options instead of --lesson");
  });
}

}  // namespace wl
