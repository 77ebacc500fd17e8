// JSON traces (versions 1 and 2), as read_trace_json reads them after parsing: trace_from_json,
// then every view model of the result.
#include <exception>
#include <nlohmann/json.hpp>

#include "model/views/trace_views.h"
#include "tests/fuzz/fuzz_target.h"
#include "trace/trace_error.h"
#include "trace/trace_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const nlohmann::json doc = nlohmann::json::parse(wl::fuzz::text_of(data, size), nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return 0;
  wl::Trace trace;
  try {
    trace = wl::trace_from_json(doc);
  } catch (const wl::TraceError&) {
    return 0;
  }
  try {
    wl::build_trace_views(std::move(trace));
  } catch (const std::exception&) {
  }
  return 0;
}
