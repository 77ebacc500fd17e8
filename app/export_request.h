// Export of the view for slides (issue 47): what File > Export view... and `warplens export` ask
// for (a PNG of the view pane at the current level, one PNG per level, a GIF of the levels), and
// where the export that carries it out over several frames stands. Plain data: no GL, no ImGui.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace wl {

struct ViewExportRequest {
  std::string png;            // the view at the current level
  std::string frames;         // one PNG per level: a pattern with one %d (out-%03d.png), or a prefix
  std::string gif;            // the levels as a looping GIF
  std::string levels = "all"; // "all", "current", or FROM..TO in level names ("0..3", "load..finish")
  int delay_ms = 1000;        // a GIF frame's time on screen
  bool any() const { return !png.empty() || !frames.empty() || !gif.empty(); }
};

// Pixels read back from the frame, top row first, 3 bytes (RGB) a pixel.
struct RgbImage {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;
};

// An export under way: the frame loop shows one level per capture (export_view.h).
struct ViewExportJob {
  ViewExportRequest request;
  bool pending = false;   // set by the menu or the command line; started after the next frame
  bool running = false;
  struct Shot {
    std::uint16_t step;
    bool for_png;  // the --png shot (the current level), else a level of the frames and GIF
  };
  std::vector<Shot> shots;
  std::size_t next = 0;   // the shot the frame being drawn shows
  int settle = 0;         // frames still to draw before that shot is taken
  std::uint16_t restore_step = 0;
  bool restore_playing = false;
  int saved_config_flags = 0;  // ImGui's, while the mouse is ignored
  RgbImage png;
  std::vector<RgbImage> levels;
  std::array<int, 4> level_rect{};  // x, y, width, height of the first level's shot
  std::vector<std::string> level_names;
  // Set when one ends: the command line's exit code comes from it.
  bool finished = false;
  std::string failure;    // one sentence; empty: every file was written
  std::string report;     // what was written
};

// "all" / "current" / "A..B" (level names as --level takes them); nullopt and `error` when malformed.
struct LevelRange {
  bool all = false, current = false;
  std::uint16_t from = 0, to = 0;
};
std::optional<LevelRange> parse_level_range(const std::string& text, std::string& error);

// The steps of `steps` (ascending) that `range` takes; `current` is the step shown now.
std::vector<std::uint16_t> select_levels(const LevelRange& range, const std::vector<std::uint16_t>& steps,
                                         std::uint16_t current);

// --frames: "out-%03d.png" (one %d, with flags and width) is a printf pattern; anything else is a
// prefix: "out" -> "out-001.png", "shots/" -> "shots/001.png". False and `error` when malformed.
bool check_frame_pattern(const std::string& pattern, std::string& error);
std::string frame_file_name(const std::string& pattern, int number);  // number from 1

// Before anything runs: every file the request names can be written (its folder exists and is
// writable, and it is not a folder). One sentence in `error` when not.
bool check_export_paths(const ViewExportRequest& request, std::string& error);

}  // namespace wl
