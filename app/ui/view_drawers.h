// The drawers of the registry's views (model/views/views.txt): `draw_<id>_view` of each, listed
// by the build (view_drawer_list.cpp is generated from views.txt). A drawer's parameters after
// the context say what it draws: the trace's views, the inspected block's, the view's own model
// (ViewDecl::build), in that order; the table adapts each to ViewDrawFn once (drawn<>), so no
// drawer looks them up or checks them itself.
#pragma once
#include <type_traits>
#include <vector>

#include "model/peer_traffic.h"
#include "model/views/lookback_timeline.h"
#include "model/views/online_rescale.h"
#include "model/views/ring_steps.h"
#include "model/views/row_numerics.h"
#include "model/views/row_threads.h"
#include "model/views/trace_views.h"
#include "model/views/view_registry.h"
#include "model/views/welford_tree.h"
#include "ui/view_context.h"

namespace wl::ui {

// In views.txt's order. A view's line there and its declaration here register it.
void draw_tree_view(ViewContext& ctx, const TraceViews& views, const BlockViews& block);
void draw_dataflow_view(ViewContext& ctx, const TraceViews& views, const BlockViews& block);
void draw_divergence_view(ViewContext& ctx, const TraceViews& views, const BlockViews& block);
void draw_banks_view(ViewContext& ctx, const TraceViews& views, const BlockViews& block);
void draw_memory_view(ViewContext& ctx, const TraceViews& views, const BlockViews& block);
void draw_source_view(ViewContext& ctx, const TraceViews& views);
void draw_metrics_view(ViewContext& ctx, const TraceViews& views);
void draw_timing_view(ViewContext& ctx);  // the sweeps: no trace
void draw_lookback_view(ViewContext& ctx, const TraceViews& views, const LookbackTimeline& timeline);
void draw_bins_view(ViewContext& ctx, const TraceViews& views);
void draw_links_view(ViewContext& ctx, const PeerTraffic& peers);
void draw_ring_steps_view(ViewContext& ctx, const RingSteps& ring);
void draw_numerics_view(ViewContext& ctx, const RowNumerics& numerics);
void draw_row_threads_view(ViewContext& ctx, const TraceViews& views, const RowThreads& rows);
void draw_online_rescale_view(ViewContext& ctx, const OnlineRescale& online);
void draw_welford_tree_view(ViewContext& ctx, const BlockViews& block, const WelfordTree& tree);

using ViewDrawFn = void (*)(ViewContext& ctx);
struct ViewDrawer {
  const char* id;
  ViewDrawFn draw;
};

// In the registry's order.
const std::vector<ViewDrawer>& view_drawers();
// The drawer of a view; null for an id with none (the registry test rules that out).
ViewDrawFn drawer_of(const ViewDecl& view);

// One thing a drawer draws, as the view's context has it; null where there is none (no trace
// yet, a model not built).
template <class Part>
const Part* view_part(const ViewContext& ctx) {
  if constexpr (std::is_same_v<Part, TraceViews>) return ctx.session.views();
  else if constexpr (std::is_same_v<Part, BlockViews>) return ctx.session.block();
  else return ctx.model<Part>();
}

// Draws only where every part is there (each is, wherever a view area calls a drawer).
template <class... Parts>
void draw_if_there(ViewContext& ctx, void (*draw)(ViewContext&, const Parts&...), const Parts*... parts) {
  if ((parts && ...)) draw(ctx, *parts...);
}

// A typed drawer as a ViewDrawFn, `drawn<draw_links_view>`: what it draws, from its signature.
template <class... Parts>
void draw_typed(ViewContext& ctx, void (*draw)(ViewContext&, const Parts&...)) {
  draw_if_there(ctx, draw, view_part<Parts>(ctx)...);
}
template <auto Draw>
void drawn(ViewContext& ctx) {
  draw_typed(ctx, Draw);
}

}  // namespace wl::ui
