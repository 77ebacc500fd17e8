// What the UI windows read and change, shared through one struct.
#pragma once
#include <string>
#include <vector>

struct ImFont;

namespace wl {

struct AppState {
  float ui_scale = 1.0f;            // in effect this frame
  float monitor_scale = 1.0f;       // the monitor's content scale
  float requested_ui_scale = 0.0f;  // > 0: apply before the next frame
  bool quit_requested = false;

  bool gpu_available = false;
  std::string backend_label;        // "GPU: ..." or "No GPU: ..."
  std::vector<std::string> notes;   // shown in the status bar (e.g. settings not saved)

  ImFont* heading_font = nullptr;   // large font for titles; nullptr: the default font
};

}  // namespace wl
