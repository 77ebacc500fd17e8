#include "model/views/trace_views.h"

#include <algorithm>

#include "model/views/block_events.h"

namespace wl {

bool TraceViews::has_block(std::uint32_t block) const {
  return std::binary_search(blocks.begin(), blocks.end(), block);
}

const TraceFault* TraceViews::fault() const {
  const auto& f = trace.meta.fault;
  return f && f->launch == launch ? &*f : nullptr;
}

namespace {

TraceViews views_of(Trace trace, std::uint32_t launch, std::uint32_t launch_count,
                    std::shared_ptr<const Trace> recorded, std::shared_ptr<const DataflowGraph> dataflow,
                    const std::vector<Race>* races) {
  TraceViews v;
  v.trace = std::move(trace);
  v.launch = launch;
  v.launch_count = launch_count;
  v.recorded = std::move(recorded);
  v.dataflow = dataflow ? std::move(dataflow) : std::make_shared<const DataflowGraph>(build_dataflow(v.whole()));
  v.work_span = measure_work_span(*v.dataflow);
  v.races = races ? *races : find_races(v.whole());
  v.values_known = parse_value_ops(v.trace.meta.op, v.trace.meta.type, v.values);
  v.requests = group_requests(v.trace);
  v.grid = divergence_grid(v.trace, v.requests);
  v.metrics = compute_metrics(v.trace, v.requests, v.grid);
  v.split_sites = divergent_sites(v.requests, v.grid);
  v.steps = steps_of(v.trace.events.data(), v.trace.events.size());
  if (const TraceFault* f = v.fault()) {  // the step it stopped in is a column, events or not
    const auto at = std::lower_bound(v.steps.begin(), v.steps.end(), f->step);
    if (at == v.steps.end() || *at != f->step) v.steps.insert(at, f->step);
  }
  for (const Event& e : v.trace.events)
    if (v.blocks.empty() || v.blocks.back() != e.block) v.blocks.push_back(e.block);
  v.gives = trace_gives(v);
  for (const ViewDecl* view : all_views())
    if ((view->needs & ~v.gives) == 0 && (!view->fits || view->fits(v.whole()))) v.drawable.push_back(view);
  return v;
}

std::uint32_t clamp_launch(const Trace& run, std::uint32_t launch) {
  const auto count = std::uint32_t(run.meta.launches.size());
  return count == 0 ? 0 : std::min(launch, count - 1);
}

}  // namespace

TraceViews build_trace_views(Trace trace, std::uint32_t launch) {
  sort_canonical(trace.events);
  const auto count = std::uint32_t(trace.meta.launches.size());
  launch = clamp_launch(trace, launch);
  if (count <= 1) return views_of(std::move(trace), launch, count, nullptr, nullptr, nullptr);
  auto run = std::make_shared<const Trace>(std::move(trace));
  return views_of(select_launch(*run, launch), launch, count, run, nullptr, nullptr);
}

TraceViews build_trace_views_of_launch(const TraceViews& views, std::uint32_t launch) {
  if (!views.recorded) return views;
  launch = clamp_launch(*views.recorded, launch);
  return views_of(select_launch(*views.recorded, launch), launch, views.launch_count, views.recorded,
                  views.dataflow, &views.races);
}

std::uint32_t opening_block(const TraceViews& views, std::uint32_t wanted) {
  if (const TraceFault* f = views.fault(); f && views.has_block(f->block)) return f->block;
  if (!views.has_block(wanted) && !views.blocks.empty()) return views.blocks.front();
  return wanted;
}

BlockViews build_block_views(const TraceViews& views, std::uint32_t block) {
  BlockViews b;
  b.block = block;
  const std::uint32_t dim = views.trace.meta.block_dim;
  b.tree = build_tree(*views.dataflow, block_events(views.trace, block), std::uint16_t(views.launch), block, dim,
                      views.trace.meta.buffers, views.values);
  for (TreeRow& row : b.tree.rows)  // a step's row by the trace's name for it; the input row keeps its own
    if (row.label == step_name(row.step)) row.label = step_label(views.trace.meta, row.step);
  b.layout = layout_tree(b.tree);
  b.divergence = divergence_map(views.grid, block, dim, views.steps, views.fault());
  for (std::uint16_t s : b.divergence.steps) b.divergence.labels.push_back(step_label(views.trace.meta, s));
  if (views.dataflow) b.dataflow = layout_dataflow(*views.dataflow, views.whole(), block);
  b.step_times = step_times(views.trace.meta, 0, block);  // `trace` is one launch: launch 0
  b.sm_clock_mhz = views.trace.meta.sm_clock_mhz;
  return b;
}

}  // namespace wl
