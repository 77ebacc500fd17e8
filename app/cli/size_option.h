// --n as every program takes it (run, trace, metrics, bench, lab run, the app): "1048576" or
// "2^20", read by the parser of bench --sizes, so the two take the same numbers.
#pragma once
#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

#include "run/run_words.h"

namespace wl::cli {

// A CLI11 transform: the size's text becomes its decimal number before CLI11 converts it, so a
// negative one is refused in one sentence instead of wrapping to 2^64 - 5.
inline CLI::Validator size_text() {
  return CLI::Validator(
      [](std::string& text) {
        std::uint64_t n = 0;
        std::string error;
        if (!parse_size(text, n, error)) return error;
        text = std::to_string(n);
        return std::string();
      },
      "");
}

}  // namespace wl::cli
