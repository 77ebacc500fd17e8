#include "start_state.h"

#include <gtest/gtest.h>

#include "app_actions.h"
#include "kernels/device/device_info.h"
#include "kernels/family/family.h"

namespace wl {
namespace {

TEST(StartState, DefaultsShowASmallSequentialTree) {
  AppState state;
  EXPECT_EQ(apply_start_options(state, {}), "");
  finish_sessions(state);
  EXPECT_EQ(state.view, find_view("tree"));
  EXPECT_FALSE(state.compare);
  ASSERT_TRUE(state.sessions[0].views());
  EXPECT_EQ(state.sessions[0].views()->trace.meta.variant, "sequential");
  EXPECT_EQ(state.playback.step(), level_step(0));
}

// Persistent grids are sized for the multiprocessors asked for (--sm-count), else for this
// machine's GPU, or an H100 without one; in compare mode on both sides.
TEST(StartState, GridsAreSizedForTheMultiprocessorsAskedForOrThisMachines) {
  StartOptions o;
  o.variant = "speed-of-light";
  o.type = "f32";
  o.n = 1 << 16;
  o.block = 256;
  o.backend = "sim";
  o.view = "compare";
  o.compare_with = "speed-of-light";
  AppState asked;
  o.sm_count = 3;
  EXPECT_EQ(apply_start_options(asked, o), "");
  for (const Session& side : asked.sessions) {
    EXPECT_EQ(side.settings.request.sm_count, 3u);
    EXPECT_EQ(grid_blocks(side.settings), 12u);  // 4 blocks of 256 a multiprocessor; 2^16 would fill 16
  }
  AppState here;
  o.sm_count.reset();
  EXPECT_EQ(apply_start_options(here, o), "");
  EXPECT_EQ(here.sessions[0].settings.request.sm_count, multiprocessors_or(query_device(), 132));
}

// A trace is one run: there is no second side to compare it with, unless a second trace is named
// (a GPU recording beside the simulator's run), which then opens on the right.
TEST(StartState, ATraceIsComparedOnlyWithAnotherTrace) {
  AppState state;
  StartOptions o;
  o.trace_path = "run.wltrace";
  o.view = "compare";
  EXPECT_EQ(apply_start_options(state, o), "--view compare needs two runs; --trace shows one (--compare-trace adds the other)");
  const std::string trace = std::string(WL_LESSONS_DIR) + "/../recorded/cub-device-reduce.wltrace";
  AppState two;
  o.trace_path = o.compare_trace_path = trace;
  EXPECT_EQ(apply_start_options(two, o), "");
  EXPECT_TRUE(two.compare);
  two.sessions[1].finish();
  ASSERT_TRUE(two.sessions[1].outcome());
  EXPECT_EQ(two.sessions[1].outcome()->trace_file, trace);
}

TEST(StartState, AnotherFamilyStartsAtItsFirstRealVariantAndComparesWithItsPartner) {
  for (const char* family : {"scan", "histogram"}) {
    AppState state;
    StartOptions o;
    o.family = family;
    o.view = "compare";
    o.backend = "sim";
    EXPECT_EQ(apply_start_options(state, o), "") << family;
    const RunRequest& left = state.sessions[0].settings.request;
    const Family& f = *find_family(family);
    const VariantSummary* first = &f.variants().front();
    if (first->pitfall) first = &f.variants()[1];  // histogram's first is the racy increment
    EXPECT_FALSE(first->pitfall);
    EXPECT_EQ(left.variant, first->id);
    EXPECT_EQ(state.sessions[1].settings.request.variant, f.compare_partner(left.variant));
    EXPECT_NE(state.sessions[1].settings.request.variant, left.variant);
    finish_sessions(state);
    ASSERT_TRUE(state.sessions[0].views()) << family;
    EXPECT_EQ(state.sessions[0].views()->trace.meta.variant, left.variant);
  }
}

// --param reaches both sides of compare mode, after the family's defaults are set; a name the
// family does not take is the run's error, shown in place like a bad variant.
TEST(StartState, ParamsReachBothSessions) {
  AppState state;
  StartOptions o;
  o.family = "scan";
  o.variant = "decoupled-lookback";
  o.view = "compare";
  o.backend = "sim";
  o.n = 2048;
  o.block = 32;
  o.params = {"items=8", "exclusive=1"};
  EXPECT_EQ(apply_start_options(state, o), "");
  for (const Session& side : state.sessions) {
    EXPECT_EQ(side.settings.request.params.at("items"), 8u);
    EXPECT_EQ(side.settings.request.params.at("exclusive"), 1u);
  }
  finish_sessions(state);
  ASSERT_TRUE(state.sessions[0].views());
  EXPECT_EQ(state.sessions[0].views()->trace.meta.grid_dim, 8u);  // tiles of 8 x 32 items

  AppState unknown;
  o.params = {"bins=7"};
  EXPECT_EQ(apply_start_options(unknown, o), "");
  EXPECT_NE(unknown.sessions[0].settings_error().find("scan has no parameter 'bins'"), std::string::npos);
}

// n = 4096 in blocks of 64: 64 partials, then one block reduces them. Both launches are
// recorded; the views show the one asked for, and Inspect can switch back.
TEST(StartState, InspectTheSecondLaunchOfATwoPassRun) {
  AppState state;
  StartOptions o;
  o.variant = "sequential";
  o.block = 64;
  o.n = 4096;
  o.backend = "sim";
  o.inspect_launch = 1;
  EXPECT_EQ(apply_start_options(state, o), "");
  finish_sessions(state);
  const TraceViews* v = state.sessions[0].views();
  ASSERT_TRUE(v);
  EXPECT_EQ(v->launch_count, 2u);
  EXPECT_EQ(v->launch, 1u);
  EXPECT_EQ(v->trace.meta.grid_dim, 1u);
  EXPECT_EQ(v->whole().meta.launches.at(0).grid_dim, 64u);
  state.sessions[0].inspect_launch(0);
  EXPECT_EQ(state.sessions[0].views()->trace.meta.grid_dim, 64u);
  EXPECT_EQ(state.sessions[0].settings.inspect_launch, 0u);
}

TEST(StartState, ViewCompareAndLevel) {
  AppState state;
  StartOptions o;
  o.variant = "interleaved-divergent";
  o.view = "compare";
  o.level = "2";
  o.block = 64;
  o.n = 64;
  o.backend = "sim";
  EXPECT_EQ(apply_start_options(state, o), "");
  finish_sessions(state);
  EXPECT_TRUE(state.compare);
  EXPECT_EQ(state.view, find_view("tree"));
  EXPECT_EQ(state.sessions[1].settings.request.variant, "sequential");  // the classic partner
  EXPECT_EQ(state.sessions[1].settings.request.block, 64u);
  ASSERT_TRUE(state.sessions[1].views());
  EXPECT_EQ(state.playback.step(), level_step(2));
}

TEST(StartState, FinishAndLoadLevels) {
  EXPECT_EQ(parse_level("load"), kLoadStep);
  EXPECT_EQ(parse_level("finish"), kFinishStep);
  EXPECT_EQ(parse_level("0"), level_step(0));
  EXPECT_EQ(parse_level("12"), level_step(12));
  EXPECT_FALSE(parse_level("-1"));
  EXPECT_FALSE(parse_level("deep"));
}

TEST(StartState, BadVariantIsShownInPlaceNotRefused) {
  AppState state;
  StartOptions o;
  o.variant = "no-such-variant";
  EXPECT_EQ(apply_start_options(state, o), "");
  EXPECT_NE(state.sessions[0].settings_error().find("unknown variant 'no-such-variant'"), std::string::npos);
}

}  // namespace
}  // namespace wl
