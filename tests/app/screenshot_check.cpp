// Checks a PNG saved by `warplens --screenshot`: the exact size, a real
// picture rather than one flat color, a dark theme, and text drawn in the
// menu bar (top band) and the status bar (bottom band). A blank, black or
// wrongly sized window fails.
//   screenshot_check FILE WIDTH HEIGHT
#include <stb_image.h>  // implementation lives in libstb

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>

namespace {

constexpr int kMinDistinctColors = 64;
constexpr int kBrightLuma = 140;     // text is ~235, panels ~25..45
constexpr int kMinBrightInBand = 60;  // a few glyphs' worth
constexpr double kMinDarkShare = 0.6;

int luma(const unsigned char* p) { return (299 * p[0] + 587 * p[1] + 114 * p[2]) / 1000; }

int bright_pixels(const unsigned char* pixels, int width, int first_row, int rows) {
  int count = 0;
  for (int y = first_row; y < first_row + rows; ++y)
    for (int x = 0; x < width; ++x)
      if (luma(&pixels[(static_cast<size_t>(y) * width + x) * 3]) >= kBrightLuma) ++count;
  return count;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s FILE WIDTH HEIGHT\n", argv[0]);
    return 2;
  }
  const int want_width = std::atoi(argv[2]), want_height = std::atoi(argv[3]);
  int width = 0, height = 0, channels = 0;
  unsigned char* pixels = stbi_load(argv[1], &width, &height, &channels, 3);
  if (!pixels) {
    std::fprintf(stderr, "cannot read %s: %s\n", argv[1], stbi_failure_reason());
    return 1;
  }

  std::unordered_set<std::uint32_t> colors;
  size_t dark = 0;
  const size_t total = static_cast<size_t>(width) * height;
  for (size_t i = 0; i < total; ++i) {
    const unsigned char* p = &pixels[i * 3];
    colors.insert((std::uint32_t(p[0]) << 16) | (std::uint32_t(p[1]) << 8) | p[2]);
    if (luma(p) < 70) ++dark;
  }
  // Menu bar and status bar are each about 1.7 text lines tall.
  const int band = std::min(height / 2, std::max(24, height / 36));
  const int top_bright = bright_pixels(pixels, width, 0, band);
  const int bottom_bright = bright_pixels(pixels, width, height - band, band);
  const double dark_share = total ? double(dark) / double(total) : 0.0;
  stbi_image_free(pixels);

  std::printf("%s: %dx%d, %zu colors, %.0f%% dark, bright pixels: top %d, bottom %d (band %d rows)\n",
              argv[1], width, height, colors.size(), 100.0 * dark_share, top_bright,
              bottom_bright, band);
  bool ok = true;
  auto check = [&ok](bool condition, const char* what) {
    if (!condition) {
      std::fprintf(stderr, "FAIL: %s\n", what);
      ok = false;
    }
  };
  check(width == want_width && height == want_height, "size differs from the one asked for");
  check(colors.size() >= kMinDistinctColors, "too few colors: blank or flat image");
  check(dark_share >= kMinDarkShare, "mostly not dark: the dark theme is missing");
  check(top_bright >= kMinBrightInBand, "no text in the menu bar");
  check(bottom_bright >= kMinBrightInBand, "no text in the status bar");
  return ok ? 0 : 1;
}
