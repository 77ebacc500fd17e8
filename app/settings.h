// Where WarpLens keeps its settings (imgui.ini): $XDG_CONFIG_HOME/warplens or
// ~/.config/warplens. When that can't be created the app runs without saving. The app's own
// preferences (theme, zoom) are a section of that file, [WarpLens][Preferences]: read and
// written by an ImGui settings handler (settings_handler.h) through the functions below.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace wl {

struct Settings {
  std::filesystem::path config_dir;  // empty when settings can't be saved
  std::string ini_path;              // empty when settings can't be saved
  std::string note;                  // why settings aren't saved, for the status bar

  // For ImGuiIO::IniFilename: nullptr disables saving.
  const char* ini_filename() const { return ini_path.empty() ? nullptr : ini_path.c_str(); }
};

// XDG rule: $XDG_CONFIG_HOME if set and absolute, else $HOME/.config.
std::optional<std::filesystem::path> config_dir_from_env(const char* xdg_config_home,
                                                         const char* home);

// Finds and creates the config directory. Never throws.
Settings open_settings();

// Dark for screens, light for projectors that wash dark themes out.
enum class Theme { Dark, Light };
const char* theme_name(Theme theme);                      // "dark", "light"
std::optional<Theme> parse_theme(std::string_view text);  // nullopt: neither name

// Zoom: a factor on top of the monitor's scale and presenter mode (Ctrl +, Ctrl -, Ctrl 0).
constexpr float kMinZoom = 0.75f;
constexpr float kMaxZoom = 2.5f;
constexpr float kZoomStep = 0.1f;  // about 10% a press; added, so 1.0 comes back exactly
float clamp_zoom(float zoom);      // into [kMinZoom, kMaxZoom], to a whole step
float zoom_in(float zoom);
float zoom_out(float zoom);

// What the app remembers between runs.
struct Preferences {
  Theme theme = Theme::Dark;
  float zoom = 1.0f;
};

// The ini section's type and name: "[WarpLens][Preferences]".
constexpr const char* kPreferencesType = "WarpLens";
constexpr const char* kPreferencesName = "Preferences";

// One "key=value" line of the section; an unknown key or a bad value is skipped (a newer or
// hand-edited file must not stop the app). Returns whether the line was understood.
bool read_preference_line(Preferences& preferences, std::string_view line);
// The whole section, header and lines, as it goes into imgui.ini.
std::string write_preferences(const Preferences& preferences);

}  // namespace wl
