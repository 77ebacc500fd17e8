// The drawer table (ui/view_drawers.h): a drawer is called with what its own signature names,
// and only when all of it is there; every view of the registry has one.
#include "ui/view_drawers.h"

#include <gtest/gtest.h>

#include <string_view>

namespace wl::ui {
namespace {

// What the test drawers below were last called with.
struct Seen {
  int calls = 0;
  const TraceViews* views = nullptr;
  const BlockViews* block = nullptr;
  const void* model = nullptr;
};
Seen g_seen;

void takes_nothing(ViewContext&) { ++g_seen.calls; }
void takes_views_and_block(ViewContext&, const TraceViews& views, const BlockViews& block) {
  ++g_seen.calls;
  g_seen.views = &views;
  g_seen.block = &block;
}
void takes_block_and_rescale(ViewContext&, const BlockViews& block, const OnlineRescale& model) {
  ++g_seen.calls;
  g_seen.block = &block;
  g_seen.model = &model;
}
void takes_ring(ViewContext&, const RingSteps& model) {
  ++g_seen.calls;
  g_seen.model = &model;
}

RunSettings online_softmax() {
  RunSettings s;
  s.request.family = "rows";
  s.request.variant = "online";
  s.request.type = "f32";
  s.request.op = "softmax";
  s.request.n = 64;
  s.request.block = 32;
  s.request.params["cols"] = 64;
  s.backend = BackendChoice::Simulator;
  return s;
}

TEST(ViewDrawers, EveryViewHasOneInTheRegistrysOrder) {
  const auto& views = all_views();
  const auto& drawers = view_drawers();
  ASSERT_EQ(drawers.size(), views.size());
  for (std::size_t k = 0; k < views.size(); ++k) {
    EXPECT_EQ(std::string_view(drawers[k].id), views[k]->id);
    EXPECT_EQ(drawer_of(*views[k]), drawers[k].draw) << views[k]->id;
  }
}

TEST(ViewDrawers, WithoutATraceOnlyADrawerOfNothingIsCalled) {
  AppState app;
  GlRenderer gl;
  ViewContext ctx{app, app.sessions[0], 0, gl, level_step(0), find_view("online-rescale")};
  g_seen = {};
  drawn<takes_views_and_block>(ctx);
  drawn<takes_block_and_rescale>(ctx);
  EXPECT_EQ(g_seen.calls, 0);
  drawn<takes_nothing>(ctx);
  EXPECT_EQ(g_seen.calls, 1);
}

TEST(ViewDrawers, ADrawerGetsTheSessionsViewsBlockAndTheViewsModel) {
  AppState app;
  app.wait_for_models = true;
  Session& s = app.sessions[0];
  s.settings = online_softmax();
  ASSERT_TRUE(s.run());
  s.finish();
  ASSERT_NE(s.views(), nullptr);
  GlRenderer gl;
  const ViewDecl& online = *find_view("online-rescale");
  ViewContext ctx{app, s, 0, gl, level_step(0), &online};

  g_seen = {};
  drawn<takes_views_and_block>(ctx);
  EXPECT_EQ(g_seen.calls, 1);
  EXPECT_EQ(g_seen.views, s.views());
  EXPECT_EQ(g_seen.block, s.block());

  g_seen = {};
  drawn<takes_block_and_rescale>(ctx);
  EXPECT_EQ(g_seen.calls, 1);
  EXPECT_EQ(g_seen.block, s.block());
  EXPECT_EQ(g_seen.model, model_as<OnlineRescale>(s.view_model(online, true)));
  EXPECT_NE(g_seen.model, nullptr);

  g_seen = {};
  drawn<takes_ring>(ctx);  // the view's model is not a RingSteps: not drawn
  EXPECT_EQ(g_seen.calls, 0);
}

}  // namespace
}  // namespace wl::ui
