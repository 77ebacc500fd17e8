// Carries out a view export (export_request.h) in the frame loop: each frame, after it is drawn
// and before it is shown, reads the view pane's pixels, then steps the playback to the next level
// for the next frame. One path for File > Export view... and `warplens export`.
#pragma once
#include <optional>

#include "app_state.h"

namespace wl {

// Call once a frame, after drawing. Starts a pending export, takes its next shot, and writes the
// files after the last (status bar and banner say how it went; state.export_view.finished too).
void advance_view_export(AppState& state);

// `warplens export`: asks for `request` once `warmup_frames` frames are drawn, then, when the
// export has ended, prints what it wrote (or why not) and returns the exit code (0 or 1).
std::optional<int> drive_view_export(AppState& state, const ViewExportRequest& request, int frame, int warmup_frames);

}  // namespace wl
