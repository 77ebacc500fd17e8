// What every fuzz target here is: libFuzzer's entry point, fed bytes; it must return 0 and
// must never crash, whatever the bytes. A target catches exactly what the program catches
// around the same call (a loader's own error type, or std::exception where the app shows any
// error as a message), so anything else escaping is a bug libFuzzer reports.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace wl::fuzz {

inline std::string_view text_of(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace wl::fuzz
