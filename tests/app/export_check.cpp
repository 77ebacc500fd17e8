// Checks what `warplens export` wrote (issue 47), reading the GIF back with giflib's DGifSlurp:
//   export_check --gif FILE --levels N [--frames PATTERN] [--view FILE.png --window FILE.png]
//                [--write-frames PREFIX]
// The GIF has N frames, loops, and each frame (drawn over the ones before, as a viewer does)
// differs from the one before; PATTERN (printf, one %d) names N PNGs of the GIF's size and no
// more; the view's PNG is the GIF's size and the window's (--size), and is not the window's
// screenshot: its top rows (the window's menu bar) and its left side (the side panel) differ.
// --write-frames saves the GIF's frames as PREFIX001.png, ... to look at. Exit 0 when all holds,
// else 1 with what did not.
#include <gif_lib.h>
#include <stb_image.h>
#include <stb_image_write.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

int failures = 0;

void fail(const std::string& what) {
  std::fprintf(stderr, "export_check: %s\n", what.c_str());
  ++failures;
}

struct Image {
  int w = 0, h = 0;
  std::vector<unsigned char> rgb;
};

bool load_png(const std::string& path, Image& image) {
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &image.w, &image.h, &channels, 3);
  if (!data) return false;
  image.rgb.assign(data, data + std::size_t(image.w) * image.h * 3);
  stbi_image_free(data);
  return true;
}

std::string frame_name(const std::string& pattern, int k) {
  char name[4096];
  std::snprintf(name, sizeof name, pattern.c_str(), k);
  return name;
}

bool loops_forever(const GifFileType* gif) {
  auto in = [](const ExtensionBlock* blocks, int count) {
    for (int i = 0; i + 1 < count; ++i)
      if (blocks[i].Function == APPLICATION_EXT_FUNC_CODE && blocks[i].ByteCount == 11 &&
          std::memcmp(blocks[i].Bytes, "NETSCAPE2.0", 11) == 0 && blocks[i + 1].ByteCount >= 3 &&
          blocks[i + 1].Bytes[1] == 0 && blocks[i + 1].Bytes[2] == 0)
        return true;
    return false;
  };
  if (in(gif->ExtensionBlocks, gif->ExtensionBlockCount)) return true;
  for (int k = 0; k < gif->ImageCount; ++k)
    if (in(gif->SavedImages[k].ExtensionBlocks, gif->SavedImages[k].ExtensionBlockCount)) return true;
  return false;
}

// Each frame as a viewer shows it: drawn over the canvas the frames before left.
std::vector<Image> composite(const GifFileType* gif) {
  std::vector<Image> frames;
  Image canvas{gif->SWidth, gif->SHeight, std::vector<unsigned char>(std::size_t(gif->SWidth) * gif->SHeight * 3, 0)};
  for (int k = 0; k < gif->ImageCount; ++k) {
    const SavedImage& image = gif->SavedImages[k];
    const GifImageDesc& d = image.ImageDesc;
    const ColorMapObject* map = d.ColorMap ? d.ColorMap : gif->SColorMap;
    GraphicsControlBlock gcb{};
    gcb.TransparentColor = NO_TRANSPARENT_COLOR;
    DGifSavedExtensionToGCB(const_cast<GifFileType*>(gif), k, &gcb);
    if (gcb.DelayTime <= 0) fail("frame " + std::to_string(k + 1) + " has no delay");
    for (int y = 0; y < d.Height; ++y)
      for (int x = 0; x < d.Width; ++x) {
        const int index = image.RasterBits[std::size_t(y) * d.Width + x];
        if (index == gcb.TransparentColor || !map || index >= map->ColorCount) continue;
        const int cx = d.Left + x, cy = d.Top + y;
        if (cx >= canvas.w || cy >= canvas.h) continue;
        unsigned char* p = &canvas.rgb[(std::size_t(cy) * canvas.w + cx) * 3];
        p[0] = map->Colors[index].Red, p[1] = map->Colors[index].Green, p[2] = map->Colors[index].Blue;
      }
    frames.push_back(canvas);
  }
  return frames;
}

// Whether two images of one size hold the same pixels in the rectangle [x0, x1) x [y0, y1).
bool same_pixels(const Image& a, const Image& b, int x0, int y0, int x1, int y1) {
  for (int y = y0; y < y1; ++y)
    if (std::memcmp(&a.rgb[(std::size_t(y) * a.w + x0) * 3], &b.rgb[(std::size_t(y) * b.w + x0) * 3],
                    std::size_t(x1 - x0) * 3) != 0)
      return false;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::string gif_path, frames, view, window, write_frames;
  int levels = -1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i], value = argv[i + 1];
    if (key == "--gif") gif_path = value;
    else if (key == "--levels") levels = std::stoi(value);
    else if (key == "--frames") frames = value;
    else if (key == "--view") view = value;
    else if (key == "--window") window = value;
    else if (key == "--write-frames") write_frames = value;
    else return std::fprintf(stderr, "export_check: unknown option %s\n", key.c_str()), 2;
  }
  if (gif_path.empty() || levels < 1) return std::fprintf(stderr, "export_check: --gif and --levels are needed\n"), 2;

  int error = 0;
  GifFileType* gif = DGifOpenFileName(gif_path.c_str(), &error);
  if (!gif || DGifSlurp(gif) != GIF_OK) {
    std::fprintf(stderr, "export_check: giflib cannot read %s: %s\n", gif_path.c_str(),
                 GifErrorString(gif ? gif->Error : error));
    return 1;
  }
  std::printf("export_check: %s: %dx%d, %d frames\n", gif_path.c_str(), gif->SWidth, gif->SHeight, gif->ImageCount);
  if (gif->ImageCount != levels)
    fail("the GIF has " + std::to_string(gif->ImageCount) + " frames, not one for each of the " + std::to_string(levels) + " levels");
  if (!loops_forever(gif)) fail("the GIF does not loop (no NETSCAPE2.0 extension with a count of 0)");
  const std::vector<Image> shown = composite(gif);
  for (std::size_t k = 1; k < shown.size(); ++k)
    if (shown[k].rgb == shown[k - 1].rgb) fail("GIF frame " + std::to_string(k + 1) + " shows the same as the one before");
  for (std::size_t k = 0; !write_frames.empty() && k < shown.size(); ++k) {
    const std::string name = frame_name(write_frames + "%03d.png", int(k + 1));
    if (!stbi_write_png(name.c_str(), shown[k].w, shown[k].h, 3, shown[k].rgb.data(), shown[k].w * 3))
      fail("cannot write " + name);
  }

  if (!frames.empty()) {
    for (int k = 1; k <= levels; ++k) {
      Image png;
      const std::string name = frame_name(frames, k);
      if (!load_png(name, png)) fail("frame " + name + " is missing or not a PNG");
      else if (png.w != gif->SWidth || png.h != gif->SHeight)
        fail(name + " is " + std::to_string(png.w) + "x" + std::to_string(png.h) + ", not the GIF's size");
    }
    Image extra;
    if (load_png(frame_name(frames, levels + 1), extra)) fail("there is a frame past the last level: " + frame_name(frames, levels + 1));
  }

  if (!view.empty()) {
    Image v, w;
    if (!load_png(view, v)) fail(view + " is missing or not a PNG");
    else if (!load_png(window, w)) fail(window + " is missing or not a PNG");
    else {
      std::printf("export_check: %s: %dx%d, of a %dx%d window\n", view.c_str(), v.w, v.h, w.w, w.h);
      if (v.w != gif->SWidth || v.h != gif->SHeight) fail(view + " is not the size of the GIF's frames");
      if (v.w != w.w || v.h != w.h) fail(view + " is not the window's size (--size)");
      else if (same_pixels(v, w, 0, 0, w.w, 16)) fail(view + "'s top rows are the window's: its menu bar is in it");
      else if (same_pixels(v, w, 0, 0, w.w / 5, w.h)) fail(view + "'s left side is the window's: its side panel is in it");
    }
  }
  DGifCloseFile(gif, &error);
  return failures ? 1 : 0;
}
