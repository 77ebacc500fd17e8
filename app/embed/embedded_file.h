// Files compiled into the program at build time (app/embed/embed_files.cmake): the kernel
// sources shown in the source panel, the GLSL shaders and the UI fonts. Nothing is copied into
// the repository.
#pragma once
#include <string_view>
#include <vector>

namespace wl {

struct EmbeddedFile {
  std::string_view path;  // relative to the repository root; a font: its file name
  std::string_view text;  // the contents (a font's bytes)
};

// kernels/families/*/*.h, kernels/warp/*.h, kernels/block/*.h, kernels/grid/*.h (the Source view)
const std::vector<EmbeddedFile>& embedded_kernel_sources();
// shaders/*
const std::vector<EmbeddedFile>& embedded_shaders();
// DejaVuSans.ttf, DejaVuSans-Bold.ttf, DejaVuSansMono.ttf (Debian's fonts-dejavu-core)
const std::vector<EmbeddedFile>& embedded_fonts();

// The file with this path, or nullptr.
const EmbeddedFile* find_embedded(const std::vector<EmbeddedFile>& files, std::string_view path);

}  // namespace wl
