// The views whose data every trace's TraceViews and BlockViews already hold (the requests, the
// divergence grid, the dataflow graph, the metrics, the block's tree), or the model layer
// computes for the metrics too (peer traffic): declared here, with no model of their own except
// the links'. A view with a model of its own is declared beside it (e.g. ring_steps.cpp).
#include "model/peer_traffic.h"
#include "model/views/trace_views.h"
#include "model/views/view_registry.h"

namespace wl {

// A combine tree, from the dataflow's combines: what a reduction draws; a family declares it.
const ViewDecl& tree_view() { static const ViewDecl view{"tree", "Tree", true, -1, kGivesCombines}; return view; }
// Shared views: every trace has what they draw; fixed keys 2 ... 8, the same for every family.
const ViewDecl& dataflow_view() { static const ViewDecl view{"dataflow", "Dataflow", false, 2}; return view; }
const ViewDecl& divergence_view() { static const ViewDecl view{"divergence", "Divergence", false, 3}; return view; }
const ViewDecl& banks_view() { static const ViewDecl view{"banks", "Banks", false, 4}; return view; }
const ViewDecl& memory_view() { static const ViewDecl view{"memory", "Memory", false, 5}; return view; }
const ViewDecl& source_view() { static const ViewDecl view{"source", "Source", false, 6}; return view; }
const ViewDecl& metrics_view() { static const ViewDecl view{"metrics", "Metrics", false, 7}; return view; }
// GPU sweeps, not a trace: any family's, with or without a run.
const ViewDecl& timing_view() {
  static const ViewDecl view{"timing", "Timing", false, 8, 0, nullptr, nullptr, /*sweeps*/ true};
  return view;
}
// Bytes between GPUs: an all-reduce's traffic.
const ViewDecl& links_view() {
  static const ViewDecl view{"links", "Links", true, -1, kGivesRanks, nullptr, model_of_whole<peer_traffic>};
  return view;
}

}  // namespace wl
