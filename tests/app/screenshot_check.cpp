// Checks a PNG saved by `warplens --screenshot`: the exact size, a real
// picture rather than one flat color, a dark theme, and text drawn in the
// menu bar (top band) and the status bar (bottom band). A blank, black or
// wrongly sized window fails. With --light (a run with --theme light): a light theme and dark
// text instead, in the bands and beside the text probes.
//
// With --probes (the JSON `warplens --probes` wrote beside the PNG: named groups of sample
// points where the views drew things), it also checks content:
//   --expect GROUP points N    the group has N sample points
//   --expect GROUP colored N   N of them sit on a saturated color (a warp color, a conflict)
//   --expect GROUP text N      N of them have text (bright pixels) right of them
//   --expect-no-clipped-text   no glyph cut by its clip rectangle ("text.clipped", measured by
//                              warplens from its draw data) and no table header broken inside a
//                              word ("table.header.broken"); the failure lists the lines cut
//   screenshot_check FILE WIDTH HEIGHT [--light] [--probes FILE.json] [--expect GROUP KIND N]...
//                    [--expect-no-clipped-text]
#include <stb_image.h>  // implementation lives in libstb

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unordered_set>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

constexpr int kMinDistinctColors = 64;
constexpr int kBrightLuma = 140;     // text is ~235, panels ~25..45
constexpr int kMinInkInBand = 60;  // a few glyphs' worth
constexpr double kMinDarkShare = 0.6;
constexpr int kMinChroma = 60;       // Okabe-Ito fills are 110+, the grays of the theme < 25
// The light theme: panels ~225..252, text ~15 (labels up to ~90).
constexpr int kLightLuma = 185;
constexpr int kInkLuma = 100;
constexpr double kMinLightShare = 0.6;

bool g_light = false;  // --light: the light theme is expected

int luma(const unsigned char* p) { return (299 * p[0] + 587 * p[1] + 114 * p[2]) / 1000; }

// A pixel of text in the theme expected: bright on dark, dark on light.
bool ink(const unsigned char* p) { return g_light ? luma(p) <= kInkLuma : luma(p) >= kBrightLuma; }

int ink_pixels(const unsigned char* pixels, int width, int first_row, int rows) {
  int count = 0;
  for (int y = first_row; y < first_row + rows; ++y)
    for (int x = 0; x < width; ++x)
      if (ink(&pixels[(static_cast<size_t>(y) * width + x) * 3])) ++count;
  return count;
}

struct Image {
  unsigned char* pixels;
  int width, height;
  const unsigned char* at(int x, int y) const {
    x = std::clamp(x, 0, width - 1);
    y = std::clamp(y, 0, height - 1);
    return &pixels[(static_cast<size_t>(y) * width + x) * 3];
  }
};

// The mean color of a 5x5 patch is saturated: the point sits on a colored fill.
bool colored(const Image& img, double x, double y) {
  int sum[3] = {0, 0, 0};
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) {
      const unsigned char* p = img.at(int(x) + dx, int(y) + dy);
      for (int c = 0; c < 3; ++c) sum[c] += p[c];
    }
  const int hi = std::max({sum[0], sum[1], sum[2]}) / 25, lo = std::min({sum[0], sum[1], sum[2]}) / 25;
  return hi - lo >= kMinChroma;
}

// Text right of the point: a few pixels of ink within one line's height.
bool has_text(const Image& img, double x, double y) {
  int inked = 0;
  for (int dy = -8; dy <= 8; ++dy)
    for (int dx = 0; dx <= 60; ++dx)
      if (ink(img.at(int(x) + dx, int(y) + dy))) ++inked;
  return inked >= 6;
}

struct Expectation {
  std::string group, kind;
  int count;
};

// Text and panes whole: the groups warplens measured are there (it looked) and empty (it found
// nothing cut: no glyph, no table header inside a word, no view pane that must scroll).
bool check_no_clipped_text(const nlohmann::json& doc, const std::string& path) {
  bool ok = true;
  for (const char* group : {"text.clipped", "table.header.broken", "pane.cut"}) {
    if (!doc["groups"].contains(group)) {
      std::fprintf(stderr, "FAIL: no probe group '%s' in %s: was the text measured?\n", group, path.c_str());
      ok = false;
      continue;
    }
    const auto& points = doc["groups"][group];
    std::printf("%s: %zu (expected none)\n", group, points.size());
    if (points.empty()) continue;
    ok = false;
    std::fprintf(stderr, "FAIL: %zu %s in %s, first at (%.0f, %.0f)\n", points.size(),
                 std::string(group) == "text.clipped"          ? "clipped glyphs"
                 : std::string(group) == "table.header.broken" ? "table headers broken inside a word"
                                                               : "view panes cut (they scroll)",
                 path.c_str(), points[0][0].get<double>(), points[0][1].get<double>());
    if (doc.contains("notes") && doc["notes"].contains(group))
      for (const auto& line : doc["notes"][group]) std::fprintf(stderr, "  %s\n", line.get<std::string>().c_str());
  }
  return ok;
}

bool check_probes(const Image& img, const std::string& path, const std::vector<Expectation>& expectations,
                  bool no_clipped_text) {
  nlohmann::json doc;
  try {
    std::ifstream in(path);
    doc = nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FAIL: cannot read probes %s: %s\n", path.c_str(), e.what());
    return false;
  }
  bool ok = !no_clipped_text || check_no_clipped_text(doc, path);
  for (const Expectation& e : expectations) {
    if (!doc["groups"].contains(e.group)) {
      std::fprintf(stderr, "FAIL: no probe group '%s' in %s\n", e.group.c_str(), path.c_str());
      ok = false;
      continue;
    }
    const auto& points = doc["groups"][e.group];
    int count = 0;
    for (const auto& p : points) {
      const double x = p[0].get<double>(), y = p[1].get<double>();
      if (e.kind == "points") ++count;
      else if (e.kind == "colored" && colored(img, x, y)) ++count;
      else if (e.kind == "text" && has_text(img, x, y)) ++count;
    }
    std::printf("%s: %d %s (expected %d) of %zu points\n", e.group.c_str(), count, e.kind.c_str(), e.count,
                points.size());
    if (count != e.count) {
      std::fprintf(stderr, "FAIL: %s has %d %s, expected %d\n", e.group.c_str(), count, e.kind.c_str(), e.count);
      ok = false;
    }
  }
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr,
                 "usage: %s FILE WIDTH HEIGHT [--light] [--probes FILE.json] [--expect GROUP KIND N]... "
                 "[--expect-no-clipped-text]\n",
                 argv[0]);
    return 2;
  }
  const int want_width = std::atoi(argv[2]), want_height = std::atoi(argv[3]);
  std::string probes;
  std::vector<Expectation> expectations;
  bool no_clipped_text = false;
  for (int i = 4; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--light") {
      g_light = true;
    } else if (arg == "--probes" && i + 1 < argc) {
      probes = argv[++i];
    } else if (arg == "--expect" && i + 3 < argc) {
      expectations.push_back({argv[i + 1], argv[i + 2], std::atoi(argv[i + 3])});
      i += 3;
    } else if (arg == "--expect-no-clipped-text") {
      no_clipped_text = true;
    } else {
      std::fprintf(stderr, "unknown argument '%s'\n", arg.c_str());
      return 2;
    }
  }
  int width = 0, height = 0, channels = 0;
  unsigned char* pixels = stbi_load(argv[1], &width, &height, &channels, 3);
  if (!pixels) {
    std::fprintf(stderr, "cannot read %s: %s\n", argv[1], stbi_failure_reason());
    return 1;
  }

  std::unordered_set<std::uint32_t> colors;
  size_t dark = 0, light = 0;
  const size_t total = static_cast<size_t>(width) * height;
  for (size_t i = 0; i < total; ++i) {
    const unsigned char* p = &pixels[i * 3];
    colors.insert((std::uint32_t(p[0]) << 16) | (std::uint32_t(p[1]) << 8) | p[2]);
    if (luma(p) < 70) ++dark;
    if (luma(p) >= kLightLuma) ++light;
  }
  // Menu bar and status bar are each about 1.7 text lines tall.
  const int band = std::min(height / 2, std::max(24, height / 36));
  const int top_ink = ink_pixels(pixels, width, 0, band);
  const int bottom_ink = ink_pixels(pixels, width, height - band, band);
  const double dark_share = total ? double(dark) / double(total) : 0.0;
  const double light_share = total ? double(light) / double(total) : 0.0;

  std::printf("%s: %dx%d, %zu colors, %.0f%% dark, %.0f%% light, %s pixels: top %d, bottom %d (band %d rows)\n",
              argv[1], width, height, colors.size(), 100.0 * dark_share, 100.0 * light_share,
              g_light ? "dark text" : "bright", top_ink, bottom_ink, band);
  bool ok = true;
  auto check = [&ok](bool condition, const char* what) {
    if (!condition) {
      std::fprintf(stderr, "FAIL: %s\n", what);
      ok = false;
    }
  };
  check(width == want_width && height == want_height, "size differs from the one asked for");
  check(colors.size() >= kMinDistinctColors, "too few colors: blank or flat image");
  if (g_light)
    check(light_share >= kMinLightShare, "mostly not light: the light theme is missing");
  else
    check(dark_share >= kMinDarkShare, "mostly not dark: the dark theme is missing");
  check(top_ink >= kMinInkInBand, g_light ? "no dark text in the menu bar" : "no text in the menu bar");
  check(bottom_ink >= kMinInkInBand, g_light ? "no dark text in the status bar" : "no text in the status bar");
  if (!probes.empty() || !expectations.empty() || no_clipped_text) {
    if (probes.empty()) {
      std::fprintf(stderr, "FAIL: --expect and --expect-no-clipped-text need --probes\n");
      ok = false;
    } else if (!check_probes(Image{pixels, width, height}, probes, expectations, no_clipped_text)) {
      ok = false;
    }
  }
  stbi_image_free(pixels);
  return ok ? 0 : 1;
}
