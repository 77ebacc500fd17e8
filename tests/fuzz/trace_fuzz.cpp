// Binary trace files, versions 1 and 2, as `warplens --trace` opens them: read, validated, then
// turned into every view model. The checksum is written over the mutated bytes first (when
// there is room for one), so mutations reach the header and event decoders instead of
// stopping at "checksum mismatch"; the checksum check itself sees the bytes as given.
#include <cstring>
#include <exception>
#include <vector>

#include "model/views/trace_views.h"
#include "tests/fuzz/fuzz_target.h"
#include "trace/byte_io.h"
#include "trace/trace_error.h"
#include "trace/trace_file.h"

namespace {

void load(const std::uint8_t* data, std::size_t size) {
  wl::Trace trace;
  try {
    trace = wl::read_trace_bytes(data, size);
  } catch (const wl::TraceError&) {
    return;  // the promised failure: a message, and the app runs on
  }
  try {
    const wl::TraceViews views = wl::build_trace_views(std::move(trace));
    for (std::uint32_t launch = 1; launch < views.launch_count && launch < 4; ++launch)
      wl::build_trace_views_of_launch(views, launch);
  } catch (const std::exception&) {
    // load_trace_now (app/session/runner.cpp) shows any exception as "Cannot load the trace"
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  load(data, size);
  if (size >= 24) {
    std::vector<std::uint8_t> sealed(data, data + size);
    const std::uint64_t sum = wl::fnv1a64(sealed.data(), size - 8);
    for (int k = 0; k < 8; ++k) sealed[size - 8 + k] = std::uint8_t(sum >> (8 * k));
    load(sealed.data(), size);
  }
  return 0;
}
