#include "settings.h"

#include <unistd.h>

#include <cstdlib>
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

}  // namespace wl
