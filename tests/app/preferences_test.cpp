// The app's preferences (theme, zoom) in imgui.ini: written and read back through the ImGui
// settings handler, with ImGui's own sections around them, without a window.
#include "settings.h"
#include "settings_handler.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using wl::Preferences;
using wl::Theme;

// A context of its own per use: the handler is registered as the app does, then an ini text
// goes through ImGui's own parser or writer.
class ImGuiContextScope {
 public:
  explicit ImGuiContextScope(Preferences* preferences) : context_(ImGui::CreateContext()) {
    ImGui::GetIO().IniFilename = nullptr;  // nothing touches the disk
    wl::install_preferences_handler(preferences);
  }
  ~ImGuiContextScope() { ImGui::DestroyContext(context_); }

 private:
  ImGuiContext* context_;
};

Preferences load(const std::string& ini) {
  Preferences preferences;
  ImGuiContextScope scope(&preferences);
  ImGui::LoadIniSettingsFromMemory(ini.c_str(), ini.size());
  return preferences;
}

std::string save(const Preferences& preferences) {
  Preferences copy = preferences;
  ImGuiContextScope scope(&copy);
  return ImGui::SaveIniSettingsToMemory();
}

constexpr const char* kImGuiWindow = "[Window][Debug##Default]\nPos=60,60\nSize=400,400\nCollapsed=0\n\n";

TEST(Preferences, RoundTripThroughTheHandler) {
  const Preferences chosen{Theme::Light, 1.3f};
  const std::string ini = save(chosen);
  EXPECT_NE(ini.find("[WarpLens][Preferences]\ntheme=light\nzoom=1.30\n"), std::string::npos) << ini;
  const Preferences back = load(ini);
  EXPECT_EQ(back.theme, Theme::Light);
  EXPECT_FLOAT_EQ(back.zoom, 1.3f);
}

TEST(Preferences, ReadAmongImGuiSections) {
  const std::string ini = std::string(kImGuiWindow) + "[WarpLens][Preferences]\ntheme=light\nzoom=0.80\n\n" + kImGuiWindow;
  const Preferences p = load(ini);
  EXPECT_EQ(p.theme, Theme::Light);
  EXPECT_FLOAT_EQ(p.zoom, 0.8f);
}

TEST(Preferences, MissingOrBadValuesKeepTheDefaults) {
  EXPECT_EQ(load(kImGuiWindow).theme, Theme::Dark);  // an imgui.ini from before themes
  const Preferences p = load("[WarpLens][Preferences]\ntheme=sepia\nzoom=big\ncolour=red\n");
  EXPECT_EQ(p.theme, Theme::Dark);
  EXPECT_FLOAT_EQ(p.zoom, 1.0f);
  EXPECT_EQ(load("[WarpLens][Other]\ntheme=light\n").theme, Theme::Dark);  // another entry of ours
}

TEST(Preferences, ZoomClampedToItsRange) {
  EXPECT_FLOAT_EQ(load("[WarpLens][Preferences]\nzoom=9\n").zoom, wl::kMaxZoom);
  EXPECT_FLOAT_EQ(load("[WarpLens][Preferences]\nzoom=0.1\n").zoom, wl::kMinZoom);
  EXPECT_FLOAT_EQ(load("[WarpLens][Preferences]\nzoom=nan\n").zoom, 1.0f);
}

TEST(Zoom, StepsOfATenthWithinRange) {
  float zoom = 1.0f;
  for (int i = 0; i < 3; ++i) zoom = wl::zoom_in(zoom);
  EXPECT_FLOAT_EQ(zoom, 1.3f);
  for (int i = 0; i < 3; ++i) zoom = wl::zoom_out(zoom);
  EXPECT_FLOAT_EQ(zoom, 1.0f);  // back exactly: no drift
  for (int i = 0; i < 40; ++i) zoom = wl::zoom_in(zoom);
  EXPECT_FLOAT_EQ(zoom, wl::kMaxZoom);
  for (int i = 0; i < 40; ++i) zoom = wl::zoom_out(zoom);
  EXPECT_FLOAT_EQ(zoom, wl::kMinZoom);
}

TEST(Theme, Names) {
  EXPECT_EQ(wl::parse_theme("light"), Theme::Light);
  EXPECT_EQ(wl::parse_theme("dark"), Theme::Dark);
  EXPECT_FALSE(wl::parse_theme("Light"));
  EXPECT_STREQ(wl::theme_name(Theme::Light), "light");
}

}  // namespace
