// Lesson files (assets/lessons/README.md): parse_lesson reports every mistake as a message
// naming its line, and never throws.
#include <string>

#include "model/views/lesson_script.h"
#include "tests/fuzz/fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string error;
  wl::parse_lesson(wl::fuzz::text_of(data, size), "fuzz.lesson", error);
  return 0;
}
