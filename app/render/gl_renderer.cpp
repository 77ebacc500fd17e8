#include "render/gl_renderer.h"

#include <glad/gl.h>

#include <cstddef>

#include "render/gl_program.h"

namespace wl {
namespace {

const float kCorners[8] = {0, 0, 1, 0, 0, 1, 1, 1};  // a triangle strip

void color_floats(ImU32 c, float out[4]) {
  const ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
  out[0] = v.x;
  out[1] = v.y;
  out[2] = v.z;
  out[3] = v.w;
}

}  // namespace

GlRenderer::~GlRenderer() {
  if (!program_shapes_) return;
  glDeleteProgram(program_shapes_);
  glDeleteProgram(program_grid_);
  glDeleteVertexArrays(1, &vao_shapes_);
  glDeleteVertexArrays(1, &vao_grid_);
  glDeleteBuffers(1, &corner_vbo_);
  glDeleteBuffers(1, &instance_vbo_);
  if (!grid_textures_.empty()) glDeleteTextures(GLsizei(grid_textures_.size()), grid_textures_.data());
}

bool GlRenderer::init(std::string& error) {
  const unsigned shapes = build_gl_program("shaders/shapes.vert", "shaders/shapes.frag", error);
  if (!shapes) return false;
  const unsigned grid = build_gl_program("shaders/heatmap.vert", "shaders/heatmap.frag", error);
  if (!grid) {
    glDeleteProgram(shapes);
    return false;
  }
  program_shapes_ = shapes;
  program_grid_ = grid;
  loc_shapes_pos_ = glGetUniformLocation(shapes, "u_display_pos");
  loc_shapes_size_ = glGetUniformLocation(shapes, "u_display_size");
  loc_grid_rect_ = glGetUniformLocation(grid, "u_rect");
  loc_grid_pos_ = glGetUniformLocation(grid, "u_display_pos");
  loc_grid_size_ = glGetUniformLocation(grid, "u_display_size");
  loc_grid_cells_ = glGetUniformLocation(grid, "u_cells");
  loc_grid_palette_ = glGetUniformLocation(grid, "u_palette");

  glGenBuffers(1, &corner_vbo_);
  glBindBuffer(GL_ARRAY_BUFFER, corner_vbo_);
  glBufferData(GL_ARRAY_BUFFER, sizeof kCorners, kCorners, GL_STATIC_DRAW);
  glGenBuffers(1, &instance_vbo_);

  glGenVertexArrays(1, &vao_shapes_);
  glBindVertexArray(vao_shapes_);
  glBindBuffer(GL_ARRAY_BUFFER, corner_vbo_);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glBindBuffer(GL_ARRAY_BUFFER, instance_vbo_);
  const GLsizei stride = sizeof(ShapeInstance);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, stride, (void*)offsetof(ShapeInstance, geom));
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, stride, (void*)offsetof(ShapeInstance, params));
  glEnableVertexAttribArray(3);
  glVertexAttribPointer(3, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, (void*)offsetof(ShapeInstance, fill));
  glEnableVertexAttribArray(4);
  glVertexAttribPointer(4, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, (void*)offsetof(ShapeInstance, stroke));
  for (GLuint a = 1; a <= 4; ++a) glVertexAttribDivisor(a, 1);

  glGenVertexArrays(1, &vao_grid_);
  glBindVertexArray(vao_grid_);
  glBindBuffer(GL_ARRAY_BUFFER, corner_vbo_);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  return glGetError() == GL_NO_ERROR;
}

void GlRenderer::begin_frame() {
  queued_.clear();
  grids_this_frame_ = 0;
  shapes_this_frame_ = 0;
}

void GlRenderer::draw(ImDrawList* list, ShapeBatch&& batch) {
  if (batch.empty()) return;
  shapes_this_frame_ += batch.size();
  if (!uses_gl()) {
    fallback(list, batch);
    return;
  }
  Queued& q = queued_.emplace_back();
  q.owner = this;
  q.batch = std::move(batch);
  list->AddCallback(&GlRenderer::run_callback, &q);
  list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

void GlRenderer::draw_grid(ImDrawList* list, ImVec2 min, ImVec2 max, CellGrid&& grid) {
  if (grid.width <= 0 || grid.height <= 0) return;
  if (!uses_gl()) {
    fallback(list, min, max, grid);
    return;
  }
  Queued& q = queued_.emplace_back();
  q.owner = this;
  q.is_grid = true;
  q.min = min;
  q.max = max;
  q.texture = grid_texture(grids_this_frame_++);
  glBindTexture(GL_TEXTURE_2D, q.texture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, grid.width, grid.height, 0, GL_RED, GL_UNSIGNED_BYTE, grid.cells.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  q.grid = std::move(grid);
  list->AddCallback(&GlRenderer::run_callback, &q);
  list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

unsigned GlRenderer::grid_texture(std::size_t index) {
  while (grid_textures_.size() <= index) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    grid_textures_.push_back(t);
  }
  return grid_textures_[index];
}

void GlRenderer::run_callback(const ImDrawList*, const ImDrawCmd* cmd) {
  const auto* q = static_cast<const Queued*>(cmd->UserCallbackData);
  q->owner->render(*q, cmd);
}

// ImGui's backend sets the scissor only for its own draws; callbacks set theirs.
void GlRenderer::set_scissor(const ImDrawCmd* cmd) {
  const ImDrawData* data = ImGui::GetDrawData();
  const ImVec2 off = data->DisplayPos, scale = data->FramebufferScale;
  const float fb_height = data->DisplaySize.y * scale.y;
  const float x0 = (cmd->ClipRect.x - off.x) * scale.x, y0 = (cmd->ClipRect.y - off.y) * scale.y;
  const float x1 = (cmd->ClipRect.z - off.x) * scale.x, y1 = (cmd->ClipRect.w - off.y) * scale.y;
  glEnable(GL_SCISSOR_TEST);
  glScissor(GLint(x0), GLint(fb_height - y1), GLsizei(x1 - x0), GLsizei(y1 - y0));
}

void GlRenderer::render(const Queued& q, const ImDrawCmd* cmd) {
  const ImDrawData* data = ImGui::GetDrawData();
  set_scissor(cmd);
  if (q.is_grid) {
    glUseProgram(program_grid_);
    glUniform4f(loc_grid_rect_, q.min.x, q.min.y, q.max.x, q.max.y);
    glUniform2f(loc_grid_pos_, data->DisplayPos.x, data->DisplayPos.y);
    glUniform2f(loc_grid_size_, data->DisplaySize.x, data->DisplaySize.y);
    float palette[kGridPaletteSize * 4];
    for (int i = 0; i < kGridPaletteSize; ++i) color_floats(q.grid.palette[std::size_t(i)], palette + 4 * i);
    glUniform4fv(loc_grid_palette_, kGridPaletteSize, palette);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, q.texture);
    glUniform1i(loc_grid_cells_, 0);
    glBindVertexArray(vao_grid_);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  } else {
    glUseProgram(program_shapes_);
    glUniform2f(loc_shapes_pos_, data->DisplayPos.x, data->DisplayPos.y);
    glUniform2f(loc_shapes_size_, data->DisplaySize.x, data->DisplaySize.y);
    glBindVertexArray(vao_shapes_);
    glBindBuffer(GL_ARRAY_BUFFER, instance_vbo_);
    const auto& shapes = q.batch.shapes();
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(shapes.size() * sizeof(ShapeInstance)), shapes.data(), GL_STREAM_DRAW);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, GLsizei(shapes.size()));
  }
  glBindVertexArray(0);
}

void GlRenderer::fallback(ImDrawList* list, const ShapeBatch& batch) {
  for (const ShapeInstance& s : batch.shapes()) {
    const ImVec2 a(s.geom[0], s.geom[1]), b(s.geom[2], s.geom[3]);
    if (s.params[0] < 0.5f) {
      list->AddRectFilled(a, b, s.fill, s.params[1]);
      if (s.params[2] > 0.0f) list->AddRect(a, b, s.stroke, s.params[1], 0, s.params[2]);
    } else {
      list->AddLine(a, b, s.fill, s.params[1] * 2.0f);
    }
  }
}

void GlRenderer::fallback(ImDrawList* list, ImVec2 min, ImVec2 max, const CellGrid& grid) {
  const float cw = (max.x - min.x) / float(grid.width), ch = (max.y - min.y) / float(grid.height);
  for (int y = 0; y < grid.height; ++y)
    for (int x = 0; x < grid.width; ++x) {
      const ImU32 c = grid.palette[grid.cells[std::size_t(y * grid.width + x)] % kGridPaletteSize];
      const ImVec2 a(min.x + float(x) * cw, min.y + float(y) * ch);
      list->AddRectFilled(a, ImVec2(a.x + cw, a.y + ch), c);
    }
}

}  // namespace wl
