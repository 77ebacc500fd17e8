#include "export_gif.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <unordered_map>

#ifdef WL_HAVE_GIFLIB
#include <fcntl.h>
#include <gif_lib.h>
#include <unistd.h>
#endif

namespace wl {

const char* const kGifNeedsGiflib =
    "GIF export needs giflib: this build has none (install libgif-dev and build again).";

#ifndef WL_HAVE_GIFLIB

bool gif_export_available() { return false; }

bool write_gif(const std::string&, const std::vector<RgbImage>&, int, std::string& error) {
  error = kGifNeedsGiflib;
  return false;
}

#else

bool gif_export_available() { return true; }

namespace {

// All frames' pixels as palette indices, frame after frame, and the palette they index.
struct Indexed {
  std::vector<GifByteType> index;
  std::vector<GifColorType> palette;
};

// Few colors (flat UI without much antialiasing): each its own palette entry, exactly.
bool exact_palette(const std::vector<RgbImage>& frames, Indexed& out) {
  std::unordered_map<std::uint32_t, GifByteType> seen;
  for (const RgbImage& f : frames)
    for (std::size_t p = 0; p < f.rgb.size(); p += 3) {
      const std::uint32_t key = f.rgb[p] << 16 | f.rgb[p + 1] << 8 | f.rgb[p + 2];
      auto it = seen.find(key);
      if (it == seen.end()) {
        if (seen.size() == 256) return false;
        it = seen.emplace(key, GifByteType(seen.size())).first;
        out.palette.push_back({f.rgb[p], f.rgb[p + 1], f.rgb[p + 2]});
      }
      out.index.push_back(it->second);
    }
  return true;
}

#ifdef WL_GIF_HAS_QUANTIZE
// giflib's median cut over every frame at once, so they share one palette. It works on 5 bits a
// channel; each entry then becomes the mean of the 8-bit colors mapped to it, so the view's flat
// background comes back exact instead of a shade off.
bool quantize(const std::vector<RgbImage>& frames, Indexed& out, std::string& error) {
  const std::size_t pixels = frames[0].rgb.size() / 3;
  std::vector<GifByteType> r, g, b;
  for (const RgbImage& f : frames)
    for (std::size_t p = 0; p < pixels * 3; p += 3) {
      r.push_back(f.rgb[p]);
      g.push_back(f.rgb[p + 1]);
      b.push_back(f.rgb[p + 2]);
    }
  int size = 256;
  out.palette.assign(256, GifColorType{0, 0, 0});
  out.index.resize(r.size());
  if (GifQuantizeBuffer(unsigned(frames[0].width), unsigned(frames[0].height * frames.size()), &size, r.data(),
                        g.data(), b.data(), out.index.data(), out.palette.data()) == GIF_ERROR) {
    error = "giflib could not reduce the frames to 256 colors";
    return false;
  }
  std::vector<std::uint64_t> sum(256 * 3, 0), count(256, 0);
  for (std::size_t i = 0; i < out.index.size(); ++i) {
    const int k = out.index[i];
    sum[k * 3] += r[i];
    sum[k * 3 + 1] += g[i];
    sum[k * 3 + 2] += b[i];
    ++count[k];
  }
  for (int k = 0; k < 256; ++k)
    if (count[k])
      out.palette[k] = {GifByteType((sum[k * 3] + count[k] / 2) / count[k]),
                        GifByteType((sum[k * 3 + 1] + count[k] / 2) / count[k]),
                        GifByteType((sum[k * 3 + 2] + count[k] / 2) / count[k])};
  out.palette.resize(std::max(size, 2));
  return true;
}
#else
// A giflib without GifQuantizeBuffer: a palette built here. The 40 most frequent colors, exactly
// (a view is mostly flat fills: backgrounds, node colors, text), then a 6 x 6 x 6 cube for the
// antialiased edges between them; every other color goes to its nearest entry.
bool quantize(const std::vector<RgbImage>& frames, Indexed& out, std::string&) {
  constexpr std::size_t kExact = 40;
  std::unordered_map<std::uint32_t, std::uint64_t> count;
  for (const RgbImage& f : frames)
    for (std::size_t p = 0; p < f.rgb.size(); p += 3) ++count[f.rgb[p] << 16 | f.rgb[p + 1] << 8 | f.rgb[p + 2]];
  std::vector<std::pair<std::uint64_t, std::uint32_t>> by_count;
  for (const auto& [color, n] : count) by_count.push_back({n, color});
  const std::size_t exact = std::min(kExact, by_count.size());
  std::partial_sort(by_count.begin(), by_count.begin() + exact, by_count.end(), std::greater<>());
  for (std::size_t i = 0; i < exact; ++i) {
    const std::uint32_t c = by_count[i].second;
    out.palette.push_back({GifByteType(c >> 16), GifByteType(c >> 8), GifByteType(c)});
  }
  for (int r = 0; r < 6; ++r)
    for (int g = 0; g < 6; ++g)
      for (int b = 0; b < 6; ++b) out.palette.push_back({GifByteType(r * 51), GifByteType(g * 51), GifByteType(b * 51)});
  std::unordered_map<std::uint32_t, GifByteType> nearest;
  for (const auto& [color, n] : count) {
    const int r = color >> 16, g = (color >> 8) & 255, b = color & 255;
    int best = 0, best_d = 1 << 30;
    for (std::size_t k = 0; k < out.palette.size(); ++k) {
      const int dr = r - out.palette[k].Red, dg = g - out.palette[k].Green, db = b - out.palette[k].Blue;
      const int d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;  // green weighs most, blue least
      if (d < best_d) best = int(k), best_d = d;
    }
    nearest[color] = GifByteType(best);
  }
  for (const RgbImage& f : frames)
    for (std::size_t p = 0; p < f.rgb.size(); p += 3) out.index.push_back(nearest[f.rgb[p] << 16 | f.rgb[p + 1] << 8 | f.rgb[p + 2]]);
  return true;
}
#endif

// The rectangle where frame `k` differs from frame k - 1 (the whole frame for the first);
// a frame equal to the last still needs an image: one pixel.
void changed_rect(const Indexed& px, std::size_t k, int w, int h, int& x0, int& y0, int& x1, int& y1) {
  const std::size_t size = std::size_t(w) * h;
  if (k == 0) {
    x0 = y0 = 0, x1 = w, y1 = h;
    return;
  }
  const GifByteType* a = &px.index[(k - 1) * size];
  const GifByteType* b = &px.index[k * size];
  x0 = w, y0 = h, x1 = 0, y1 = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (a[std::size_t(y) * w + x] != b[std::size_t(y) * w + x]) {
        x0 = std::min(x0, x), x1 = std::max(x1, x + 1);
        y0 = std::min(y0, y), y1 = std::max(y1, y + 1);
      }
  if (x1 <= x0) x0 = y0 = 0, x1 = y1 = 1;
}

}  // namespace

bool write_gif(const std::string& path, const std::vector<RgbImage>& frames, int delay_ms, std::string& error) {
  if (frames.empty()) {
    error = "no frames to write to '" + path + "'";
    return false;
  }
  const int w = frames[0].width, h = frames[0].height;
  Indexed px;
  if (!exact_palette(frames, px)) {
    px = Indexed{};
    if (!quantize(frames, px, error)) return false;
  }
  int bits = 1;
  while ((1 << bits) < int(px.palette.size())) ++bits;
  px.palette.resize(std::size_t(1) << bits, GifColorType{0, 0, 0});  // giflib wants a power of two

  // Opened here, not by EGifOpenFileName: that one makes the file private (0600); slides are shared.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd < 0) {
    error = "cannot write '" + path + "'";
    return false;
  }
  int code = 0;
  GifFileType* gif = EGifOpenFileHandle(fd, &code);
  if (!gif) {
    ::close(fd);
    error = "cannot write '" + path + "': " + GifErrorString(code);
    return false;
  }
  EGifSetGifVersion(gif, true);  // GIF89a: delays and looping
  ColorMapObject* map = GifMakeMapObject(int(px.palette.size()), px.palette.data());
  bool ok = map && EGifPutScreenDesc(gif, w, h, bits, 0, map) == GIF_OK;
  GifFreeMapObject(map);  // the screen descriptor keeps a copy
  // NETSCAPE2.0, loop count 0: browsers and slide programs play it forever.
  const GifByteType loop_app[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
  const GifByteType loop_forever[] = {1, 0, 0};
  ok = ok && EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
       EGifPutExtensionBlock(gif, sizeof loop_app, loop_app) == GIF_OK &&
       EGifPutExtensionBlock(gif, sizeof loop_forever, loop_forever) == GIF_OK &&
       EGifPutExtensionTrailer(gif) == GIF_OK;
  for (std::size_t k = 0; ok && k < frames.size(); ++k) {
    GraphicsControlBlock gcb{};
    gcb.DisposalMode = DISPOSE_DO_NOT;  // the next frame paints over this one
    gcb.UserInputFlag = false;
    gcb.DelayTime = std::max(1, delay_ms / 10);  // hundredths of a second
    gcb.TransparentColor = NO_TRANSPARENT_COLOR;
    GifByteType gce[4];
    const std::size_t gce_size = EGifGCBToExtension(&gcb, gce);
    int x0, y0, x1, y1;
    changed_rect(px, k, w, h, x0, y0, x1, y1);
    ok = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, int(gce_size), gce) == GIF_OK &&
         EGifPutImageDesc(gif, x0, y0, x1 - x0, y1 - y0, false, nullptr) == GIF_OK;
    const GifByteType* frame = &px.index[k * std::size_t(w) * h];
    for (int y = y0; ok && y < y1; ++y)
      ok = EGifPutLine(gif, const_cast<GifByteType*>(frame + std::size_t(y) * w + x0), x1 - x0) == GIF_OK;
  }
  const int write_error = gif->Error;
  if (EGifCloseFile(gif, &code) != GIF_OK && ok) {
    ok = false;
    error = "cannot write '" + path + "': " + GifErrorString(code);
  } else if (!ok) {
    error = "cannot write '" + path + "': " + GifErrorString(write_error);
  }
  return ok;
}

#endif  // WL_HAVE_GIFLIB

}  // namespace wl
