// The data model every view shares: built once per trace (off the UI thread), then read.
// TraceViews covers the whole trace; BlockViews one block, rebuilt when another is chosen. A view
// with a model of its own builds it when first shown (ViewDecl::build).
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "core/value_ops.h"
#include "model/dataflow.h"
#include "model/divergence.h"
#include "model/metrics.h"
#include "model/races.h"
#include "model/views/dataflow_layout.h"
#include "model/views/divergence_map.h"
#include "model/views/step_times.h"
#include "model/views/tree_layout.h"
#include "model/views/tree_model.h"
#include "model/views/view_registry.h"
#include "model/warp_requests.h"
#include "model/work_span.h"
#include "trace/trace.h"

namespace wl {

struct TraceViews {
  Trace trace;                        // the launch the views show, canonical order
  std::uint32_t launch = 0;           // its index in the run
  std::uint32_t launch_count = 0;     // launches the run recorded
  // The whole run when it recorded several launches (saved and exported as recorded); null
  // when `trace` is all of it.
  std::shared_ptr<const Trace> recorded;
  ValueOps values;
  bool values_known = false;          // meta.op / meta.type are ones the kernels use
  std::vector<WarpRequest> requests;  // group_requests(trace)
  std::vector<WarpStep> grid;         // divergence_grid(trace, requests)
  Metrics metrics;                    // compute_metrics(trace, requests, grid)
  std::vector<DivergentSite> split_sites;  // divergent_sites(requests, grid): where lanes split
  std::vector<std::uint16_t> steps;   // every step of the trace (and a fault's), ascending
  std::vector<std::uint32_t> blocks;  // recorded blocks with events, ascending
  // build_dataflow(whole()): every launch, shared by the views of each launch.
  std::shared_ptr<const DataflowGraph> dataflow;
  WorkSpan work_span;                 // measure_work_span(*dataflow): the whole run
  std::vector<Race> races;            // find_races(whole()): shared by the views of each launch
  std::uint32_t gives = 0;            // trace_gives(*this): what views can draw from
  std::vector<const ViewDecl*> drawable;  // every view that can draw this trace, in tab order

  bool has_block(std::uint32_t block) const;
  const Trace& whole() const { return recorded ? *recorded : trace; }
  // Where the run stopped on a kernel bug, when it stopped in this launch; else null.
  const TraceFault* fault() const;
};

// Views of one launch of a run (the first by default; a launch past the last shows the last).
// Takes the trace by value: it is sorted in place.
TraceViews build_trace_views(Trace trace, std::uint32_t launch = 0);
// The same run's views of another launch.
TraceViews build_trace_views_of_launch(const TraceViews& views, std::uint32_t launch);

struct BlockViews {
  std::uint32_t block = 0;
  TreeModel tree;
  TreeLayout layout;
  DivergenceMap divergence;
  DataflowLayout dataflow;  // the block in every launch, from TraceViews::dataflow
  std::vector<StepTime> step_times;  // GPU traces: the block's steps timed by its warps' clocks
  double sm_clock_mhz = 0;           // the SM clock they were converted at
};

BlockViews build_block_views(const TraceViews& views, std::uint32_t block);
// The block a run's views open on: the one a kernel bug stopped in, when it was recorded; else
// `wanted`, when recorded; else the first recorded.
std::uint32_t opening_block(const TraceViews& views, std::uint32_t wanted);

// A ViewDecl::build whose model comes from the whole run alone: `model_of_whole<build_ring_steps>`.
template <auto Build>
std::shared_ptr<const ViewModel> model_of_whole(const TraceViews& views) {
  return make_view_model(Build(views.whole()));
}

}  // namespace wl
