// The command line's ranges and lists: --record-blocks (0,2,5-7 or all), --sizes (2^10..2^28,
// lists), --sweep-param (cols=2^10..2^15, lists) and --param name=value. Each returns false with
// a message for text it refuses, and never throws. Each parser gets the whole input.
#include <map>
#include <string>
#include <vector>

#include "run/run_words.h"
#include "tests/fuzz/fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(wl::fuzz::text_of(data, size));
  std::string error;
  std::vector<std::uint32_t> blocks;
  wl::parse_block_list(text, 1u << 20, blocks, error);
  std::vector<std::uint64_t> sizes;
  wl::parse_sizes(text, sizes, error);
  std::string name;
  wl::parse_param_sweep(text, name, sizes, error);
  std::map<std::string, std::uint64_t> params;
  wl::parse_params({text, text + "=1"}, params, error);
  return 0;
}
