#include "start_state.h"

#include <gtest/gtest.h>

#include "app_actions.h"

namespace wl {
namespace {

TEST(StartState, DefaultsShowASmallSequentialTree) {
  AppState state;
  EXPECT_EQ(apply_start_options(state, {}), "");
  finish_sessions(state);
  EXPECT_EQ(state.view, ViewKind::Tree);
  EXPECT_FALSE(state.compare);
  ASSERT_TRUE(state.sessions[0].views());
  EXPECT_EQ(state.sessions[0].views()->trace.meta.variant, "sequential");
  EXPECT_EQ(state.playback.step(), level_step(0));
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
  EXPECT_EQ(state.view, ViewKind::Tree);
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
