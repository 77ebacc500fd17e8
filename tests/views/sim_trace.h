// Runs a reduction or a scan on the CPU simulator and returns its views (and a block's tree), for
// view-model tests that want real kernels rather than hand-built traces.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "run/backend_run.h"
#include "model/views/block_events.h"
#include "model/views/trace_views.h"

namespace wl::test {

// Block 0 (or `blocks`) of a run of `family`'s `variant`, recorded.
inline TraceViews simulate_in(const std::string& family, const std::string& variant, unsigned block, std::uint64_t n,
                              const std::string& type, Pattern pattern,
                              const std::map<std::string, std::uint64_t>& params = {},
                              std::vector<std::uint32_t> blocks = {0}) {
  RunRequest r;
  r.family = family;
  r.params = params;
  r.variant = variant;
  r.block = block;
  r.n = n;
  r.type = type;
  r.record = true;
  r.record_blocks = std::move(blocks);
  RunInput input;
  input.pattern = pattern;
  RunOutcome report = run_request(r, input, BackendChoice::Simulator);
  return build_trace_views(std::move(report.result.trace));
}

inline TraceViews simulate(const std::string& variant, unsigned block, std::uint64_t n,
                           const std::string& type = "i32", Pattern pattern = Pattern::Ascending) {
  return simulate_in("reduce", variant, block, n, type, pattern);
}

inline TraceViews simulate_scan(const std::string& variant, unsigned block, std::uint64_t n,
                                Pattern pattern = Pattern::Ascending,
                                const std::map<std::string, std::uint64_t>& params = {}) {
  return simulate_in("scan", variant, block, n, "i32", pattern, params);
}

// Block `block`'s tree in the launch `views` shows, projected from the run's dataflow graph.
inline TreeModel tree_of(const TraceViews& views, std::uint32_t block) {
  return build_tree(*views.dataflow, block_events(views.trace, block), std::uint16_t(views.launch), block,
                    views.trace.meta.block_dim, views.trace.meta.buffers, views.values);
}

}  // namespace wl::test
