// What running a request produced, on either backend, for any family.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/value_type.h"
#include "trace/trace.h"

namespace wl {

// A result checked against the family's CPU reference.
struct CheckResult {
  bool ok = false;
  std::string expected;  // the reference, as text
  double error = 0;      // the largest |result - reference| over the elements
  double bound = 0;      // largest error allowed (0 when exact)
  std::string diagnosis; // where the family can tell: what went wrong, in words (a pitfall's lesson)
};

// The values a run produced: one for a reduction, n for a scan, `bins` for a histogram.
struct ResultValues {
  ValueType type = ValueType::f32;
  std::vector<unsigned char> bytes;

  std::uint64_t count() const { return bytes.size() / value_type_bytes(type); }
  // The raw bits of element i, zero-extended.
  std::uint64_t bits(std::uint64_t i) const {
    std::uint64_t b = 0;
    std::memcpy(&b, bytes.data() + i * value_type_bytes(type), value_type_bytes(type));
    return b;
  }
  template <class T>
  static ResultValues of(const std::vector<T>& values) {
    ResultValues r;
    r.type = value_type_of<T>();
    r.bytes.resize(values.size() * sizeof(T));
    if (!values.empty()) std::memcpy(r.bytes.data(), values.data(), r.bytes.size());
    return r;
  }
};

// One kernel launch a request turns into.
struct PlannedLaunch {
  std::string kernel;  // as the trace names it (LaunchRecord::name)
  std::uint64_t n = 0;
  unsigned grid = 0;
  unsigned block = 0;
};

// The most blocks any of `launches` runs (0 for none): what "every block" means for a run whose
// launches differ (histogram per-thread-local: one block counts, then a grid sums).
inline unsigned largest_grid(const std::vector<PlannedLaunch>& launches) {
  unsigned most = 0;
  for (const PlannedLaunch& l : launches) most = l.grid > most ? l.grid : most;
  return most;
}

// The trace's record of a planned launch, with the shared memory it asks for.
inline LaunchRecord launch_record(const PlannedLaunch& planned, unsigned shared_bytes) {
  LaunchRecord r;
  r.name = planned.kernel;
  r.grid_dim = planned.grid;
  r.block_dim = planned.block;
  r.shared_bytes = shared_bytes;
  r.n = planned.n;
  return r;
}

struct RunResult {
  std::string backend;                 // "sim" or "gpu"
  ResultValues result;
  std::string result_text;             // for people: the value, or the first few
  CheckResult check;                   // against the CPU reference
  std::vector<PlannedLaunch> launches; // the launches made
  Trace trace;                         // every launch, when recording was asked for
};

}  // namespace wl
