// What every family writes into a run's trace meta the same way: the request and where it ran.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include "kernels/family/run_request.h"
#include "kernels/family/run_result.h"
#include "trace/trace.h"

namespace wl {

// launches: those the run made. block_dim and grid_dim are the first's (a variant may choose
// its own block: register-resident's rows); recorded blocks past every launch's grid are dropped.
inline void describe_run(TraceMeta& m, const RunRequest& r, const std::string& backend,
                         const std::vector<PlannedLaunch>& launches) {
  m.family = r.family;
  m.variant = r.variant;
  m.op = r.op;
  m.type = r.type;
  m.backend = backend;
  m.n = r.n;
  m.params = r.params;
  m.sm_count = r.sm_count;
  m.block_dim = launches.empty() ? r.block : launches.front().block;
  m.grid_dim = launches.empty() ? 0 : launches.front().grid;
  m.event_cap = r.event_cap;
  m.recorded_blocks.clear();
  const unsigned grid = largest_grid(launches);
  if (r.record)
    for (std::uint32_t b : r.record_blocks)
      if (b < grid) m.recorded_blocks.push_back(b);
}

// A variant whose kernel body is a template of another file (the base it derives from) names
// that file, repository-relative, as `static constexpr const char* lines_in`, so the sites of its
// events are read against it: TraceMeta::lines_file. Empty for a variant written in its own file.
template <class V, class = void>
struct VariantLinesIn {
  static std::string file() { return {}; }
};
template <class V>
struct VariantLinesIn<V, std::void_t<decltype(V::lines_in)>> {
  static std::string file() { return V::lines_in; }
};
template <class V>
std::string variant_lines_file() {
  return VariantLinesIn<V>::file();
}

}  // namespace wl
