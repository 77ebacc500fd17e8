// The app's preferences as a section of imgui.ini, [WarpLens][Preferences]: an ImGui settings
// handler, so ImGui reads them with its file and writes them back whenever it saves, and the
// settings stay one file. Header-only: the GUI-free core (settings.h) holds the parsing, and a
// test can drive the handler through ImGui without a window.
#pragma once
#include <imgui.h>
#include <imgui_internal.h>

#include <string>

#include "settings.h"

namespace wl {

// Reads into and writes from `*preferences`, which must outlive the ImGui context.
inline void install_preferences_handler(Preferences* preferences) {
  ImGuiSettingsHandler handler;
  handler.TypeName = kPreferencesType;
  handler.TypeHash = ImHashStr(kPreferencesType);
  handler.UserData = preferences;
  handler.ReadOpenFn = [](ImGuiContext*, ImGuiSettingsHandler* h, const char* name) -> void* {
    return std::string(name) == kPreferencesName ? h->UserData : nullptr;  // another entry: skipped
  };
  handler.ReadLineFn = [](ImGuiContext*, ImGuiSettingsHandler*, void* entry, const char* line) {
    read_preference_line(*static_cast<Preferences*>(entry), line);
  };
  handler.WriteAllFn = [](ImGuiContext*, ImGuiSettingsHandler* h, ImGuiTextBuffer* out) {
    out->append(write_preferences(*static_cast<const Preferences*>(h->UserData)).c_str());
  };
  ImGui::GetCurrentContext()->SettingsHandlers.push_back(handler);
}

}  // namespace wl
