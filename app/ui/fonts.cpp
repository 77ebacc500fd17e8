#include "ui/fonts.h"

#include <imgui.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

#include "embed/embedded_file.h"

namespace wl::ui {
namespace {

constexpr const char* kBodyFont = "DejaVuSans.ttf";
constexpr const char* kHeadingFont = "DejaVuSans-Bold.ttf";
constexpr const char* kMonoFont = "DejaVuSansMono.ttf";
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

bool file_exists(const std::string& path) {
  std::error_code error;
  return std::filesystem::is_regular_file(path, error);
}

// The file from font_dir() when it is there, else its compiled-in copy.
ImFont* add_font(const char* name, float pixels, bool& built_in) {
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  const std::string path = std::string(font_dir()) + "/" + name;
  if (file_exists(path))
    if (ImFont* font = atlas->AddFontFromFileTTF(path.c_str(), pixels, nullptr, kGlyphRanges)) return font;
  const EmbeddedFile* file = find_embedded(embedded_fonts(), name);
  if (!file) return nullptr;
  built_in = true;
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;  // static data: the atlas must not free it
  // ImGui takes non-const data but, not owning it, only reads it.
  return atlas->AddFontFromMemoryTTF(const_cast<char*>(file->text.data()), int(file->text.size()), pixels,
                                     &config, kGlyphRanges);
}

}  // namespace

const char* font_dir() {
  if (const char* env = std::getenv("WARPLENS_FONT_DIR"); env && *env) return env;
  return "/usr/share/fonts/truetype/dejavu";
}

UiFonts load_ui_fonts(float ui_scale) {
  ImGui::GetIO().Fonts->Clear();
  UiFonts fonts;
  fonts.body = add_font(kBodyFont, kBodyPixels * ui_scale, fonts.built_in);
  fonts.heading = add_font(kHeadingFont, kHeadingPixels * ui_scale, fonts.built_in);
  fonts.mono = add_font(kMonoFont, kBodyPixels * ui_scale, fonts.built_in);
  fonts.caption = add_font(kBodyFont, kBodyPixels * 1.33f * ui_scale, fonts.built_in);
  return fonts;
}

}  // namespace wl::ui
