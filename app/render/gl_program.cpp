#include "render/gl_program.h"

#include <glad/gl.h>

#include <vector>

#include "embed/embedded_file.h"

namespace wl {
namespace {

std::string info_log(GLuint object, bool program) {
  GLint length = 0;
  if (program) glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length);
  else glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(std::size_t(length > 1 ? length : 1), '\0');
  if (program) glGetProgramInfoLog(object, length, nullptr, log.data());
  else glGetShaderInfoLog(object, length, nullptr, log.data());
  return log.data();
}

GLuint compile(GLenum stage, const std::string& path, std::string& error) {
  const EmbeddedFile* file = find_embedded(embedded_shaders(), path);
  if (!file) {
    error = path + ": not embedded in this build";
    return 0;
  }
  const GLuint shader = glCreateShader(stage);
  const char* text = file->text.data();
  const GLint length = GLint(file->text.size());
  glShaderSource(shader, 1, &text, &length);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    error = path + ": " + info_log(shader, false);
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

}  // namespace

unsigned build_gl_program(const std::string& vertex_path, const std::string& fragment_path,
                          std::string& error) {
  const GLuint vs = compile(GL_VERTEX_SHADER, vertex_path, error);
  if (!vs) return 0;
  const GLuint fs = compile(GL_FRAGMENT_SHADER, fragment_path, error);
  if (!fs) {
    glDeleteShader(vs);
    return 0;
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, vs);
  glAttachShader(program, fs);
  glLinkProgram(program);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (!ok) {
    error = vertex_path + " + " + fragment_path + ": " + info_log(program, true);
    glDeleteProgram(program);
    return 0;
  }
  return program;
}

}  // namespace wl
