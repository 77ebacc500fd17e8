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

// Contents that break the format's rules (an event out of range, a table that disagrees).
[[noreturn]] inline void throw_invalid_trace(const std::string& what) { throw TraceError("invalid trace: " + what); }

}  // namespace wl
