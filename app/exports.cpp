#include "exports.h"

#include <fstream>

#include "export_view.h"
#include "screenshot.h"
#include "trace/trace_file.h"
#include "trace/trace_json.h"
#include "results/timing_sweep.h"

namespace wl {

std::string run_exports(AppState& state, float r, float g, float b) {
  std::string failure;
  auto failed = [&](const std::string& what) {
    failure = what;
    state.banner = what;
  };
  if (!state.export_png_path.empty()) {
    std::string error;
    if (save_scaled_frame_png(state.export_png_path, state.export_png_scale, r, g, b, error))
      state.status_message = "Saved " + state.export_png_path;
    else
      failed("PNG export failed: " + error);
    state.export_png_path.clear();
  }
  const TraceViews* views = state.sessions[0].views();
  for (std::string* path : {&state.export_json_path, &state.export_trace_path}) {
    if (path->empty()) continue;
    try {
      if (!views) throw std::runtime_error("there is no trace to export yet");
      if (path == &state.export_json_path) write_trace_json(views->whole(), *path);
      else write_trace(views->whole(), *path);
      state.status_message = "Saved " + *path;
    } catch (const std::exception& e) {
      failed("Export to " + *path + " failed: " + e.what());
    }
    path->clear();
  }
  if (!state.export_timing_csv_path.empty()) {
    const std::string& path = state.export_timing_csv_path;
    const TimingSweep* sweep = state.timing.shown_sweep();
    std::ofstream out(path);
    if (!sweep) failed("CSV export failed: the Timing view shows no sweep");
    else if (!(out << sweep_to_csv(*sweep))) failed("CSV export to " + path + " failed: cannot write");
    else state.status_message = "Saved " + path;
    state.export_timing_csv_path.clear();
  }
  advance_view_export(state);  // the view for slides: a shot a level, over several frames
  return failure;
}

}  // namespace wl
