// The UI fonts cover the glyphs the UI draws beyond Latin-1 (arrows, dashes), also where the
// DejaVu folder is missing: then they come from the copies compiled into the program. No
// window: ImGui builds its font atlas on the CPU.
#include "ui/fonts.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <cstdlib>
#include <filesystem>

namespace {

// ← → ◀ ▶ – — … ≤: in the playback bar, the slides' buttons, the help, labels and tooltips.
constexpr ImWchar kUiGlyphs[] = {0x2190, 0x2192, 0x25C0, 0x25B6, 0x2013, 0x2014, 0x2026, 0x2264};

class UiFontsTest : public ::testing::Test {
 protected:
  void SetUp() override { ImGui::CreateContext(); }
  void TearDown() override {
    ImGui::DestroyContext();
    unsetenv("WARPLENS_FONT_DIR");
  }

  static void expect_ui_glyphs(const wl::ui::UiFonts& fonts) {
    ASSERT_TRUE(ImGui::GetIO().Fonts->Build());
    for (ImFont* font : {fonts.body, fonts.heading, fonts.mono, fonts.caption}) {
      ASSERT_NE(font, nullptr);
      for (ImWchar c : kUiGlyphs) EXPECT_NE(font->FindGlyphNoFallback(c), nullptr) << "U+" << std::hex << c;
    }
  }
};

TEST_F(UiFontsTest, BuiltInCopiesWhereTheFolderHasNoFonts) {
  const std::filesystem::path empty = std::filesystem::path(WL_TEST_BINARY_DIR) / "no-fonts";
  std::filesystem::create_directories(empty);
  setenv("WARPLENS_FONT_DIR", empty.c_str(), 1);
  EXPECT_EQ(wl::ui::font_dir(), empty.string());
  const wl::ui::UiFonts fonts = wl::ui::load_ui_fonts(1.0f);
  EXPECT_TRUE(fonts.built_in);
  expect_ui_glyphs(fonts);
}

TEST_F(UiFontsTest, SystemFontsWhereInstalled) {
  if (!std::filesystem::exists(std::string(wl::ui::font_dir()) + "/DejaVuSans.ttf"))
    GTEST_SKIP() << "DejaVu is not installed in " << wl::ui::font_dir();
  const wl::ui::UiFonts fonts = wl::ui::load_ui_fonts(1.5f);
  EXPECT_FALSE(fonts.built_in);
  expect_ui_glyphs(fonts);
}

}  // namespace
