// File > Export: a PNG of the window (at its size or larger), the trace as JSON, the binary
// trace (.wltrace, for --trace later), and the view for slides (export_view.h). Carried out after
// a frame is drawn.
#pragma once
#include <string>

#include "app_state.h"

namespace wl {

// Does what state.export_* asks and clears the requests. Messages go to the status bar, and
// failures also to the banner; the return value is the last failure (empty: all went well).
std::string run_exports(AppState& state, float clear_r, float clear_g, float clear_b);

}  // namespace wl
