// Runs a reduction on the CPU simulator and returns its trace (and a block's tree), for
// view-model tests that want real kernels rather than hand-built traces.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/backend/runner.h"
#include "model/views/block_events.h"
#include "model/views/trace_views.h"

namespace wl::test {

inline TraceViews simulate(const std::string& variant, unsigned block, std::uint64_t n,
                           const std::string& type = "i32", Pattern pattern = Pattern::Ascending) {
  RunRequest r;
  r.variant = variant;
  r.block = block;
  r.n = n;
  r.type = type;
  r.record = true;
  r.record_blocks = {0};
  RunInput input;
  input.pattern = pattern;
  RunReport report = run_request(r, input, BackendChoice::Simulator);
  return build_trace_views(std::move(report.outcome.trace));
}

// The same for a scan variant, block 0 recorded.
inline TraceViews simulate_scan(const std::string& variant, unsigned block, std::uint64_t n,
                                Pattern pattern = Pattern::Ascending) {
  RunRequest r;
  r.family = "scan";
  r.variant = variant;
  r.block = block;
  r.n = n;
  r.record = true;
  r.record_blocks = {0};
  RunInput input;
  input.pattern = pattern;
  RunReport report = run_request(r, input, BackendChoice::Simulator);
  return build_trace_views(std::move(report.outcome.trace));
}

// Block `block`'s tree in the launch `views` shows, projected from the run's dataflow graph.
inline TreeModel tree_of(const TraceViews& views, std::uint32_t block) {
  return build_tree(*views.dataflow, block_events(views.trace, block), std::uint16_t(views.launch), block,
                    views.trace.meta.block_dim, views.trace.meta.buffers, views.values);
}

}  // namespace wl::test
