// Where WarpLens keeps its settings (imgui.ini): $XDG_CONFIG_HOME/warplens or
// ~/.config/warplens. When that can't be created the app runs without saving.
#pragma once
#include <filesystem>
#include <optional>
#include <string>

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

}  // namespace wl
