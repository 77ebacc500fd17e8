// Command-line options of the desktop program, parsed with CLI11.
#pragma once
#include <optional>
#include <string>

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

struct GuiOptions {
  WindowSize size;                // framebuffer pixels
  bool size_given = false;        // false: may shrink to fit the monitor
  std::optional<float> ui_scale;  // unset: the monitor's content scale
  std::string screenshot_path;    // set: render `frames` frames, save a PNG, exit
  int frames = 3;
};

// "1600x900" -> {1600, 900}; nullopt when malformed or out of range.
std::optional<WindowSize> parse_window_size(const std::string& text);

// Adds --version and the GUI flags to the top-level app.
void add_program_options(CLI::App& app, GuiOptions& options);

// Parses argv. Returns an exit code when the program must stop now:
// 0 after --help/--version, kExitUsage after a usage error.
std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv);

}  // namespace wl
