// The one exception type of the trace library: every problem with a trace file or trace
// contents (missing, foreign, newer, truncated, corrupt, out of range) surfaces as this.
#pragma once
#include <stdexcept>
#include <string>

namespace wl {

class TraceError : public std::runtime_error {
 public:
  explicit TraceError(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace wl
