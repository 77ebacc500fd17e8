#include "model/views/trace_views.h"

#include <algorithm>

#include "model/views/block_events.h"

namespace wl {

bool TraceViews::has_block(std::uint32_t block) const {
  return std::binary_search(blocks.begin(), blocks.end(), block);
}

TraceViews build_trace_views(Trace trace) {
  TraceViews v;
  if (!is_canonical(trace.events)) sort_canonical(trace.events);
  v.trace = std::move(trace);
  v.values_known = parse_value_ops(v.trace.meta.op, v.trace.meta.type, v.values);
  v.requests = group_requests(v.trace);
  v.grid = divergence_grid(v.trace, v.requests);
  v.metrics = compute_metrics(v.trace, v.requests, v.grid);
  v.steps = steps_of(v.trace.events.data(), v.trace.events.size());
  for (const Event& e : v.trace.events)
    if (v.blocks.empty() || v.blocks.back() != e.block) v.blocks.push_back(e.block);
  return v;
}

BlockViews build_block_views(const TraceViews& views, std::uint32_t block) {
  BlockViews b;
  b.block = block;
  const std::uint32_t dim = views.trace.meta.block_dim;
  b.tree = build_tree(block_events(views.trace, block), block, dim, views.values);
  b.layout = layout_tree(b.tree);
  b.divergence = divergence_map(views.grid, block, dim, views.steps);
  return b;
}

}  // namespace wl
