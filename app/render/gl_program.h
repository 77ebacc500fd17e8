// Compiling and linking a GLSL program from the embedded shaders (app/embed).
#pragma once
#include <string>

namespace wl {

// Returns the program id, or 0 with `error` set ("shaders/x.frag: <compiler log>").
unsigned build_gl_program(const std::string& vertex_path, const std::string& fragment_path,
                          std::string& error);

}  // namespace wl
