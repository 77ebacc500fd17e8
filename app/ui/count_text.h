// "1 block", "2 blocks": a count and its noun, singular for one, for text users read.
#pragma once
#include <cstdint>
#include <string>

namespace wl::ui {

// `noun` is the singular; the plural adds "s" (every noun the views count so far takes it).
inline std::string count_text(std::uint64_t n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

}  // namespace wl::ui
