#include "embed/embedded_file.h"

namespace wl {

const EmbeddedFile* find_embedded(const std::vector<EmbeddedFile>& files, std::string_view path) {
  for (const EmbeddedFile& f : files)
    if (f.path == path) return &f;
  return nullptr;
}

}  // namespace wl
