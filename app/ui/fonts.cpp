#include "ui/fonts.h"

#include <imgui.h>

#include <filesystem>
#include <system_error>

namespace wl::ui {
namespace {

constexpr const char* kBodyFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr const char* kHeadingFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
constexpr const char* kMonoFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
constexpr float kBodyPixels = 18.0f;
constexpr float kHeadingPixels = 30.0f;

// Latin plus the punctuation, arrows and math symbols the UI uses (— … → ≤ ▶).
const ImWchar kGlyphRanges[] = {
    0x0020, 0x00FF,  // Basic Latin, Latin-1
    0x0100, 0x017F,  // Latin Extended-A
    0x0391, 0x03C9,  // Greek (σ, μ)
    0x2010, 0x205E,  // General Punctuation
    0x2190, 0x21FF,  // Arrows
    0x2200, 0x22FF,  // Mathematical Operators
    0x25A0, 0x25FF,  // Geometric Shapes
    0,
};

bool file_exists(const char* path) {
  std::error_code error;
  return std::filesystem::is_regular_file(path, error);
}

}  // namespace

UiFonts load_ui_fonts(float ui_scale) {
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  atlas->Clear();
  UiFonts fonts;

  if (file_exists(kBodyFontPath)) {
    fonts.body = atlas->AddFontFromFileTTF(kBodyFontPath, kBodyPixels * ui_scale, nullptr,
                                           kGlyphRanges);
  }
  if (!fonts.body) {
    ImFontConfig config;
    config.SizePixels = 13.0f * ui_scale;
    fonts.body = atlas->AddFontDefault(&config);
    fonts.heading = fonts.body;
    fonts.mono = fonts.body;
    fonts.caption = fonts.body;
    fonts.note = std::string("Font ") + kBodyFontPath + " missing: using the built-in font";
    return fonts;
  }
  const char* heading_path = file_exists(kHeadingFontPath) ? kHeadingFontPath : kBodyFontPath;
  fonts.heading = atlas->AddFontFromFileTTF(heading_path, kHeadingPixels * ui_scale, nullptr,
                                            kGlyphRanges);
  if (!fonts.heading) fonts.heading = fonts.body;
  if (file_exists(kMonoFontPath))
    fonts.mono = atlas->AddFontFromFileTTF(kMonoFontPath, kBodyPixels * ui_scale, nullptr, kGlyphRanges);
  if (!fonts.mono) fonts.mono = fonts.body;
  fonts.caption = atlas->AddFontFromFileTTF(kBodyFontPath, kBodyPixels * 1.33f * ui_scale, nullptr, kGlyphRanges);
  if (!fonts.caption) fonts.caption = fonts.body;
  return fonts;
}

}  // namespace wl::ui
