#include "cli_options.h"

#include <CLI/CLI.hpp>

#include "version.h"

namespace wl {
namespace {

constexpr int kMinSide = 320;
constexpr int kMaxSide = 16384;

// Digits only (no sign, no spaces), within [kMinSide, kMaxSide].
std::optional<int> parse_side(const std::string& digits) {
  if (digits.empty() || digits.size() > 5) return std::nullopt;
  for (const char c : digits)
    if (c < '0' || c > '9') return std::nullopt;
  const int side = std::stoi(digits);
  if (side < kMinSide || side > kMaxSide) return std::nullopt;
  return side;
}

std::string describe_size_error(std::string& text) {
  if (parse_window_size(text)) return {};
  return "invalid size '" + text + "': expected WIDTHxHEIGHT such as 1600x900, each side " +
         std::to_string(kMinSide) + " to " + std::to_string(kMaxSide) + " pixels";
}

}  // namespace

std::optional<WindowSize> parse_window_size(const std::string& text) {
  const auto separator = text.find_first_of("xX");
  if (separator == std::string::npos) return std::nullopt;
  const auto width = parse_side(text.substr(0, separator));
  const auto height = parse_side(text.substr(separator + 1));
  if (!width || !height) return std::nullopt;
  return WindowSize{*width, *height};
}

void add_program_options(CLI::App& app, GuiOptions& options) {
  app.set_version_flag("--version", "warplens " WARPLENS_VERSION);
  app.require_subcommand(0, 1);

  app.add_option_function<std::string>(
         "--size",
         [&options](const std::string& text) {
           options.size = *parse_window_size(text);
           options.size_given = true;
         },
         "Window size in pixels, WIDTHxHEIGHT")
      ->check(CLI::Validator(describe_size_error, "", "window size"))
      ->type_name("WxH")
      ->default_str("1600x900");
  app.add_option_function<float>(
         "--ui-scale", [&options](float scale) { options.ui_scale = scale; },
         "UI scale factor (default: the monitor's content scale)")
      ->check(CLI::Range(0.5f, 4.0f))
      ->type_name("FACTOR");
  app.add_option("--screenshot", options.screenshot_path,
                 "Render --frames frames, save the window as this PNG and exit")
      ->type_name("FILE.png");
  app.add_option("--frames", options.frames, "Frames to render before --screenshot is taken")
      ->check(CLI::Range(1, 100000))
      ->type_name("N")
      ->capture_default_str();
}

std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::RuntimeError& e) {
    return app.exit(e);  // a subcommand failed and chose its own exit code
  } catch (const CLI::ParseError& e) {
    // CLI11 uses one code per error kind; we promise 0 (help/version) or 2.
    return app.exit(e) == 0 ? 0 : kExitUsage;
  }
  return std::nullopt;
}

}  // namespace wl
