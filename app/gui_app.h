// The desktop GUI: opens the window and runs the frame loop until quit, or until the
// headless driver (headless_driver.h) stops it: the --screenshot is saved, the benchmark done.
#pragma once
#include "cli_options.h"

namespace wl {

// Exit code: 0 on success, 1 when the GUI can't start or the screenshot can't be written.
int run_gui(const GuiOptions& options);

}  // namespace wl
