#include "settings.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <system_error>

namespace wl {

std::optional<std::filesystem::path> config_dir_from_env(const char* xdg_config_home,
                                                         const char* home) {
  namespace fs = std::filesystem;
  if (xdg_config_home && fs::path(xdg_config_home).is_absolute())
    return fs::path(xdg_config_home) / "warplens";
  if (home && fs::path(home).is_absolute()) return fs::path(home) / ".config" / "warplens";
  return std::nullopt;
}

Settings open_settings() {
  Settings settings;
  const auto dir = config_dir_from_env(std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME"));
  if (!dir) {
    settings.note = "Settings not saved: neither XDG_CONFIG_HOME nor HOME is set";
    return settings;
  }
  std::error_code error;
  std::filesystem::create_directories(*dir, error);
  if (error) {
    settings.note = "Settings not saved: cannot create " + dir->string() + " (" +
                    error.message() + ")";
    return settings;
  }
  if (::access(dir->c_str(), W_OK) != 0) {
    settings.note = "Settings not saved: " + dir->string() + " is not writable";
    return settings;
  }
  settings.config_dir = *dir;
  settings.ini_path = (*dir / "imgui.ini").string();
  return settings;
}

const char* theme_name(Theme theme) { return theme == Theme::Light ? "light" : "dark"; }

std::optional<Theme> parse_theme(std::string_view text) {
  if (text == "dark") return Theme::Dark;
  if (text == "light") return Theme::Light;
  return std::nullopt;
}

float clamp_zoom(float zoom) {
  if (!std::isfinite(zoom)) return 1.0f;
  const float steps = std::round(zoom / kZoomStep);  // whole steps: no drift after many presses
  return std::clamp(steps * kZoomStep, kMinZoom, kMaxZoom);
}

float zoom_in(float zoom) { return clamp_zoom(zoom + kZoomStep); }
float zoom_out(float zoom) { return clamp_zoom(zoom - kZoomStep); }

bool read_preference_line(Preferences& preferences, std::string_view line) {
  const auto eq = line.find('=');
  if (eq == std::string_view::npos) return false;
  const std::string_view key = line.substr(0, eq), value = line.substr(eq + 1);
  if (key == "theme") {
    const std::optional<Theme> theme = parse_theme(value);
    if (theme) preferences.theme = *theme;
    return theme.has_value();
  }
  if (key == "zoom") {
    const std::string text(value);
    char* end = nullptr;
    const float zoom = std::strtof(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(zoom)) return false;
    preferences.zoom = clamp_zoom(zoom);
    return true;
  }
  return false;
}

std::string write_preferences(const Preferences& preferences) {
  char zoom[32];
  std::snprintf(zoom, sizeof zoom, "%.2f", double(clamp_zoom(preferences.zoom)));
  return std::string("[") + kPreferencesType + "][" + kPreferencesName + "]\ntheme=" + theme_name(preferences.theme) +
         "\nzoom=" + zoom + "\n\n";
}

}  // namespace wl
