#include "screenshot.h"

#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_internal.h>  // the windows' scrollbars, for find_clipped_glyphs
#include <stb_image_write.h>  // implementation lives in libstb
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <map>
#include <system_error>
#include <vector>

namespace wl {
namespace {

// OpenGL returns the bottom row first; PNG wants the top row first.
void flip_rows(std::vector<unsigned char>& pixels, int row_bytes, int rows) {
  std::vector<unsigned char> tmp(row_bytes);
  for (int top = 0, bottom = rows - 1; top < bottom; ++top, --bottom) {
    unsigned char* a = &pixels[static_cast<size_t>(top) * row_bytes];
    unsigned char* b = &pixels[static_cast<size_t>(bottom) * row_bytes];
    std::memcpy(tmp.data(), a, row_bytes);
    std::memcpy(a, b, row_bytes);
    std::memcpy(b, tmp.data(), row_bytes);
  }
}

}  // namespace

bool check_screenshot_path(const std::string& path, std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path file(path);
  const fs::path folder = file.has_parent_path() ? file.parent_path() : fs::path(".");
  if (fs::is_directory(file, ec)) {
    error = "cannot write screenshot '" + path + "': it is a folder";
  } else if (!fs::is_directory(folder, ec)) {
    error = "cannot write screenshot '" + path + "': folder '" + folder.string() +
            "' does not exist";
  } else if (::access(folder.c_str(), W_OK) != 0) {
    error = "cannot write screenshot '" + path + "': folder '" + folder.string() +
            "' is not writable";
  } else {
    return true;
  }
  return false;
}

namespace {

bool save_read_buffer_png(const std::string& path, int width, int height, GLenum buffer, std::string& error);

}  // namespace

bool save_back_buffer_png(const std::string& path, int width, int height, std::string& error) {
  return save_read_buffer_png(path, width, height, GL_BACK, error);
}

bool save_scaled_frame_png(const std::string& path, float scale, float r, float g, float b, std::string& error) {
  ImDrawData* data = ImGui::GetDrawData();
  if (!data || !data->Valid) {
    error = "no frame to export";
    return false;
  }
  const ImVec2 old_scale = data->FramebufferScale;
  const int width = int(data->DisplaySize.x * scale), height = int(data->DisplaySize.y * scale);
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
  if (width <= 0 || height <= 0 || width > max_size || height > max_size) {
    error = "cannot export at " + std::to_string(width) + "x" + std::to_string(height) + " pixels";
    return false;
  }
  GLuint fbo = 0, color = 0;
  glGenFramebuffers(1, &fbo);
  glGenRenderbuffers(1, &color);
  glBindRenderbuffer(GL_RENDERBUFFER, color);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
  bool ok = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  if (ok) {
    glViewport(0, 0, width, height);
    glDisable(GL_SCISSOR_TEST);
    glClearColor(r, g, b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    data->FramebufferScale = ImVec2(old_scale.x * scale, old_scale.y * scale);
    ImGui_ImplOpenGL3_RenderDrawData(data);
    data->FramebufferScale = old_scale;
    ok = save_read_buffer_png(path, width, height, GL_COLOR_ATTACHMENT0, error);
  } else {
    error = "cannot create an offscreen framebuffer for the export";
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteRenderbuffers(1, &color);
  glDeleteFramebuffers(1, &fbo);
  return ok;
}

namespace {

bool save_read_buffer_png(const std::string& path, int width, int height, GLenum buffer, std::string& error) {
  constexpr int kChannels = 3;
  const int row_bytes = width * kChannels;
  std::vector<unsigned char> pixels(static_cast<size_t>(row_bytes) * height);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);  // rows of 3-byte pixels are not 4-aligned
  glReadBuffer(buffer);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  if (const GLenum gl_error = glGetError(); gl_error != GL_NO_ERROR) {
    error = "glReadPixels failed (GL error " + std::to_string(gl_error) + ")";
    return false;
  }
  flip_rows(pixels, row_bytes, height);
  if (!stbi_write_png(path.c_str(), width, height, kChannels, pixels.data(), row_bytes)) {
    error = "cannot write screenshot '" + path + "'";
    return false;
  }
  return true;
}

}  // namespace

namespace {

// More than this past the clip rectangle is a cut: less is the glyph box's antialiased margin.
constexpr float kClipTolerance = 1.0f;

struct Box {
  float x0, y0, x1, y1;
  bool inside(const Box& o) const { return x0 >= o.x0 && y0 >= o.y0 && x1 <= o.x1 && y1 <= o.y1; }
};

Box uv_box_of_custom_rect(const ImFontAtlas& atlas, int index) {
  if (index < 0 || index >= atlas.CustomRects.Size) return {1, 1, 0, 0};  // matches nothing
  ImVec2 lo, hi;
  atlas.CalcCustomRectUV(&atlas.CustomRects[index], &lo, &hi);
  return {lo.x, lo.y, hi.x, hi.y};
}

// One glyph quad of a draw command, as drawn.
struct DrawnGlyph {
  Box pos;
  unsigned codepoint;
  bool cut;
};

void utf8_append(std::string& out, unsigned c) {
  char buf[5];
  out += ImTextCharToUtf8(buf, c);
}

}  // namespace

std::vector<ClippedGlyph> find_clipped_glyphs() {
  std::vector<ClippedGlyph> found;
  const ImDrawData* data = ImGui::GetDrawData();
  const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  if (!data || !data->Valid || !atlas) return found;
  // Every glyph of every font by its UV rectangle's corner, exactly as ImGui copies it into quads.
  std::map<std::pair<float, float>, const ImFontGlyph*> glyphs;
  for (const ImFont* font : atlas->Fonts)
    for (const ImFontGlyph& g : font->Glyphs)
      if (g.Visible) glyphs[{g.U0, g.V0}] = &g;
  const Box lines = uv_box_of_custom_rect(*atlas, atlas->PackIdLines);
  const Box cursors = uv_box_of_custom_rect(*atlas, atlas->PackIdMouseCursors);  // holds the white pixel
  // Draw lists of windows that scroll, and along which axis.
  std::map<const ImDrawList*, std::pair<bool, bool>> scrolls;
  for (const ImGuiWindow* w : GImGui->Windows)
    if (w->Active && (w->ScrollbarX || w->ScrollbarY)) scrolls[w->DrawList] = {w->ScrollbarX, w->ScrollbarY};

  for (int l = 0; l < data->CmdListsCount; ++l) {
    const ImDrawList* list = data->CmdLists[l];
    const auto scroll = scrolls.count(list) ? scrolls[list] : std::pair<bool, bool>{false, false};
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      if (cmd.UserCallback || cmd.TextureId != atlas->TexID) continue;
      const Box clip{cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w};
      std::vector<DrawnGlyph> drawn;
      bool any_cut = false;
      // A glyph is PrimRectUV's quad: indices (i, i+1, i+2), (i, i+2, i+3); its first triangle
      // spans the whole quad, corner a (u0, v0) to corner c (u1, v1).
      for (unsigned e = 0; e + 2 < cmd.ElemCount; e += 3) {
        const ImDrawIdx* idx = &list->IdxBuffer[int(cmd.IdxOffset + e)];
        if (idx[1] != idx[0] + 1 || idx[2] != idx[0] + 2) continue;
        const ImDrawVert& a = list->VtxBuffer[int(cmd.VtxOffset + idx[0])];
        const ImDrawVert& c = list->VtxBuffer[int(cmd.VtxOffset + idx[2])];
        const Box uv{std::min(a.uv.x, c.uv.x), std::min(a.uv.y, c.uv.y), std::max(a.uv.x, c.uv.x),
                     std::max(a.uv.y, c.uv.y)};
        if (uv.x1 <= uv.x0 || uv.y1 <= uv.y0) continue;  // the white pixel: a shape
        if (uv.inside(lines) || uv.inside(cursors)) continue;
        const ImFontGlyph* glyph = nullptr;
        bool cpu_cut = false;
        if (auto it = glyphs.find({a.uv.x, a.uv.y}); it != glyphs.end() && it->second->U1 == c.uv.x &&
                                                    it->second->V1 == c.uv.y) {
          glyph = it->second;
        } else {  // a part of a glyph: RenderTextClipped cut it to its rectangle
          for (const auto& [corner, g] : glyphs)
            if (uv.inside(Box{g->U0, g->V0, g->U1, g->V1})) {
              glyph = g;
              break;
            }
          if (!glyph) continue;  // not text (an image of the atlas)
          cpu_cut = true;
        }
        const Box pos{std::min(a.pos.x, c.pos.x), std::min(a.pos.y, c.pos.y), std::max(a.pos.x, c.pos.x),
                      std::max(a.pos.y, c.pos.y)};
        const bool straddles_x = pos.x1 > clip.x0 && pos.x0 < clip.x1 &&
                                 (pos.x0 < clip.x0 - kClipTolerance || pos.x1 > clip.x1 + kClipTolerance);
        const bool straddles_y = pos.y1 > clip.y0 && pos.y0 < clip.y1 &&
                                 (pos.y0 < clip.y0 - kClipTolerance || pos.y1 > clip.y1 + kClipTolerance);
        const bool overlaps = pos.x1 > clip.x0 && pos.x0 < clip.x1 && pos.y1 > clip.y0 && pos.y0 < clip.y1;
        const bool cut = overlaps && (cpu_cut || (straddles_x && !scroll.first) || (straddles_y && !scroll.second));
        any_cut = any_cut || cut;
        drawn.push_back({pos, glyph->Codepoint, cut});
      }
      if (!any_cut) continue;
      // Each cut glyph with its line: the command's glyphs whose boxes share its row, left to right.
      for (const DrawnGlyph& g : drawn) {
        if (!g.cut) continue;
        const float mid = (g.pos.y0 + g.pos.y1) * 0.5f;
        std::vector<const DrawnGlyph*> row;
        for (const DrawnGlyph& o : drawn)
          if (o.pos.y0 <= mid && o.pos.y1 >= mid) row.push_back(&o);
        std::sort(row.begin(), row.end(), [](const DrawnGlyph* p, const DrawnGlyph* q) { return p->pos.x0 < q->pos.x0; });
        std::string line;
        for (std::size_t k = 0; k < row.size(); ++k) {
          const DrawnGlyph* o = row[k];
          // Spaces draw no quad: a gap wider than a third of the glyph's height was one.
          if (k && o->pos.x0 - row[k - 1]->pos.x1 > (o->pos.y1 - o->pos.y0) * 0.33f) line += ' ';
          if (o->cut) line += '[';
          utf8_append(line, o->codepoint);
          if (o->cut) line += ']';
        }
        found.push_back({(g.pos.x0 + g.pos.x1) * 0.5f, mid, line});
      }
    }
  }
  return found;
}

}  // namespace wl
