#include "export_view.h"

#include <glad/gl.h>
#include <imgui.h>
#include <imgui_internal.h>  // the windows' rectangles: where the view pane was drawn
#include <stb_image_write.h>  // implementation lives in libstb

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "core/step.h"
#include "export_gif.h"

namespace wl {
namespace {

// The first shot waits a frame more: the menu or the path prompt that asked is still drawn.
constexpr int kFramesBeforeFirstShot = 2;
// A level is drawn twice before its shot: what a view sizes from the frame before settles.
constexpr int kFramesPerShot = 2;

struct PixelRect {
  int x = 0, y = 0, w = 0, h = 0;  // framebuffer pixels, from the top left
};

// The view area, which the export draws alone over the whole window (main_screen.cpp): the
// view's pane (or both, side by side, in compare mode), each with its header (variant, n,
// block), its view and its legend; no tabs, playback bar, side panel, menu or status bar. So a
// picture is the window's size (--size).
bool find_view_area(PixelRect& out) {
  const ImGuiWindow* area = nullptr;
  for (const ImGuiWindow* w : GImGui->Windows)
    if (w->Active && std::strcmp(w->Name, "Views") == 0) area = w;
  if (!area) return false;
  const ImRect pane = area->Rect();
  const ImGuiIO& io = ImGui::GetIO();
  const float sx = io.DisplayFramebufferScale.x, sy = io.DisplayFramebufferScale.y;
  const int fb_w = int(io.DisplaySize.x * sx + 0.5f), fb_h = int(io.DisplaySize.y * sy + 0.5f);
  const int x0 = std::clamp(int(pane.Min.x * sx + 0.5f), 0, fb_w), y0 = std::clamp(int(pane.Min.y * sy + 0.5f), 0, fb_h);
  const int x1 = std::clamp(int(pane.Max.x * sx + 0.5f), 0, fb_w), y1 = std::clamp(int(pane.Max.y * sy + 0.5f), 0, fb_h);
  out = {x0, y0, x1 - x0, y1 - y0};
  return out.w > 0 && out.h > 0;
}

// The back buffer's pixels in `r` (the frame just drawn, not yet shown), top row first.
bool read_back_buffer(const PixelRect& r, RgbImage& image, std::string& error) {
  const ImGuiIO& io = ImGui::GetIO();
  const int fb_h = int(io.DisplaySize.y * io.DisplayFramebufferScale.y + 0.5f);
  image.width = r.w;
  image.height = r.h;
  image.rgb.assign(std::size_t(r.w) * r.h * 3, 0);
  std::vector<std::uint8_t> rows(image.rgb.size());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);  // rows of 3-byte pixels are not 4-aligned
  glReadBuffer(GL_BACK);
  glReadPixels(r.x, fb_h - r.y - r.h, r.w, r.h, GL_RGB, GL_UNSIGNED_BYTE, rows.data());
  if (const GLenum gl_error = glGetError(); gl_error != GL_NO_ERROR) {
    error = "cannot read the view's pixels (GL error " + std::to_string(gl_error) + ")";
    return false;
  }
  const std::size_t row = std::size_t(r.w) * 3;  // OpenGL's rows run bottom up
  for (int y = 0; y < r.h; ++y) std::memcpy(&image.rgb[y * row], &rows[(r.h - 1 - y) * row], row);
  return true;
}

bool write_png(const std::string& path, const RgbImage& image, std::string& error) {
  if (stbi_write_png(path.c_str(), image.width, image.height, 3, image.rgb.data(), image.width * 3)) return true;
  error = "cannot write '" + path + "'";
  return false;
}

std::string size_text(const RgbImage& image) {
  return std::to_string(image.width) + "x" + std::to_string(image.height);
}

// Where the playback was, and the mouse back: the export is over.
void restore(AppState& state, ViewExportJob& job) {
  state.playback.go_to(job.restore_step);
  if (job.restore_playing) state.playback.play();
  ImGui::GetIO().ConfigFlags = job.saved_config_flags;
}

void end(AppState& state, ViewExportJob& job, const std::string& failure) {
  if (job.running) restore(state, job);
  job.running = false;
  job.finished = true;
  job.failure = failure;
  job.png = {};
  job.levels.clear();
  if (!failure.empty()) state.banner = "Export failed: " + failure;
  else state.status_message = "Saved " + job.report;
}

void start(AppState& state, ViewExportJob& job) {
  job.pending = false;
  job.finished = false;
  job.failure.clear();
  job.report.clear();
  job.shots.clear();
  job.levels.clear();
  job.level_names.clear();
  job.next = 0;
  const ViewExportRequest& r = job.request;
  const bool levels = !r.frames.empty() || !r.gif.empty();
  std::string error;
  const std::optional<LevelRange> range = parse_level_range(r.levels, error);
  if (!range) return end(state, job, error);
  if (!r.gif.empty() && !gif_export_available()) return end(state, job, kGifNeedsGiflib);
  if (levels && state.view->sweeps)
    return end(state, job, "the Timing view has no levels to step through: export it as one PNG");
  if (levels && !state.sessions[0].views()) return end(state, job, "there is no run to step through yet");
  if (r.png.empty() && !levels) return end(state, job, "nothing to export: name a PNG, PNG frames or a GIF");
  if (!r.frames.empty() && !check_frame_pattern(r.frames, error)) return end(state, job, error);
  if (!check_export_paths(r, error)) return end(state, job, error);  // the menu's paths are not checked before

  const std::uint16_t current = state.playback.step();
  if (!r.png.empty()) job.shots.push_back({current, true});
  if (levels) {
    const std::vector<std::uint16_t> chosen = select_levels(*range, state.playback.steps(), current);
    if (chosen.empty()) return end(state, job, "no level of this run is in --levels " + r.levels);
    for (const std::uint16_t s : chosen) job.shots.push_back({s, false});
  }
  job.restore_step = current;
  job.restore_playing = state.playback.playing();
  state.playback.pause();
  // No hover highlights or tooltips in the pictures: ImGui forgets the mouse until the end.
  ImGuiIO& io = ImGui::GetIO();
  job.saved_config_flags = io.ConfigFlags;
  io.ConfigFlags |= ImGuiConfigFlags_NoMouse;
  job.running = true;
  state.playback.go_to(job.shots[0].step);
  job.settle = kFramesBeforeFirstShot - 1;
}

void write_files(AppState& state, ViewExportJob& job) {
  const ViewExportRequest& r = job.request;
  std::string error, report;
  auto add = [&report](const std::string& what) { report += (report.empty() ? "" : "; ") + what; };
  if (!r.png.empty()) {
    if (!write_png(r.png, job.png, error)) return end(state, job, error);
    add(r.png + " (" + size_text(job.png) + ")");
  }
  const std::string span = job.level_names.empty() ? std::string()
                           : job.level_names.size() == 1 ? job.level_names.front()
                                                         : job.level_names.front() + " to " + job.level_names.back();
  if (!r.frames.empty()) {
    for (std::size_t k = 0; k < job.levels.size(); ++k)
      if (!write_png(frame_file_name(r.frames, int(k + 1)), job.levels[k], error)) return end(state, job, error);
    add(frame_file_name(r.frames, 1) + (job.levels.size() > 1 ? " to " + frame_file_name(r.frames, int(job.levels.size())) : "") +
        " (" + std::to_string(job.levels.size()) + " levels, " + span + ", " + size_text(job.levels[0]) + ")");
  }
  if (!r.gif.empty()) {
    if (!write_gif(r.gif, job.levels, r.delay_ms, error)) return end(state, job, error);
    std::error_code ec;
    const auto bytes = std::filesystem::file_size(r.gif, ec);
    add(r.gif + " (" + std::to_string(job.levels.size()) + " levels, " + span + ", " + size_text(job.levels[0]) + ", " +
        std::to_string(r.delay_ms) + " ms each, " + std::to_string((bytes + 1023) / 1024) + " KiB)");
  }
  job.report = report;
  end(state, job, "");
}

}  // namespace

void advance_view_export(AppState& state) {
  ViewExportJob& job = state.export_view;
  if (!job.running) {
    if (job.pending) start(state, job);
    return;
  }
  if (job.settle > 0) {
    --job.settle;
    return;
  }
  const ViewExportJob::Shot shot = job.shots[job.next];
  PixelRect rect;
  if (!find_view_area(rect)) return end(state, job, "the view area was not drawn");
  // Every level where the first was: the GIF's frames are one size.
  if (job.levels.empty()) job.level_rect = {rect.x, rect.y, rect.w, rect.h};
  else rect = {job.level_rect[0], job.level_rect[1], job.level_rect[2], job.level_rect[3]};
  RgbImage image;
  std::string error;
  if (!read_back_buffer(rect, image, error)) return end(state, job, error);
  if (shot.for_png) {
    job.png = std::move(image);
  } else {
    job.levels.push_back(std::move(image));
    job.level_names.push_back(step_name(shot.step));
  }
  if (++job.next < job.shots.size()) {
    state.playback.go_to(job.shots[job.next].step);
    job.settle = kFramesPerShot - 1;
    return;
  }
  restore(state, job);
  job.running = false;
  write_files(state, job);
}

std::optional<int> drive_view_export(AppState& state, const ViewExportRequest& request, int frame, int warmup_frames) {
  ViewExportJob& job = state.export_view;
  if (frame == warmup_frames && !job.running && !job.pending) {
    job.request = request;
    job.pending = true;
  }
  if (!job.finished) return std::nullopt;
  if (!job.failure.empty()) {
    std::fprintf(stderr, "warplens: %s\n", job.failure.c_str());
    return 1;
  }
  std::printf("warplens: wrote %s\n", job.report.c_str());
  return 0;
}

}  // namespace wl
