#include "session/playback.h"

#include <gtest/gtest.h>

namespace wl {
namespace {

TEST(Playback, StartsAtLevelZeroOnceStepsArrive) {
  Playback p;
  EXPECT_TRUE(p.empty());
  EXPECT_EQ(p.step(), level_step(0));  // wanted before any run finished
  p.set_steps({kLoadStep, level_step(0), level_step(1), level_step(2), kFinishStep});
  EXPECT_EQ(p.step(), level_step(0));
  EXPECT_EQ(p.index(), 1u);
}

TEST(Playback, ForwardBackStopAtTheEnds) {
  Playback p;
  p.set_steps({0, 1, 2, 0xFFFF});
  p.back();
  p.back();
  EXPECT_EQ(p.step(), 0);
  for (int i = 0; i < 10; ++i) p.forward();
  EXPECT_EQ(p.step(), 0xFFFF);
}

TEST(Playback, GoToPicksTheNearestStepBefore) {
  Playback p;
  p.set_steps({0, 1, 2, 5, 0xFFFF});
  p.go_to(4);
  EXPECT_EQ(p.step(), 2);
  p.go_to(0xFFFF);
  EXPECT_EQ(p.step(), 0xFFFF);
}

TEST(Playback, KeepsTheStepAcrossNewRuns) {
  Playback p;
  p.set_steps({0, 1, 2, 3, 4, 0xFFFF});
  p.go_to(3);
  p.set_steps({0, 1, 2, 0xFFFF});  // a variant with fewer levels: the nearest one
  EXPECT_EQ(p.step(), 2);
  p.set_steps({0, 1, 2, 3, 4, 0xFFFF});  // and back: the level asked for
  EXPECT_EQ(p.step(), 3);
}

TEST(Playback, PlaysAtItsSpeedAndStopsAtTheEnd) {
  Playback p;
  p.set_steps({0, 1, 2, 3});
  p.go_to(0);
  p.set_speed(2.0f);  // a level every half second
  p.play();
  EXPECT_FALSE(p.advance(0.4));
  EXPECT_TRUE(p.advance(0.2));
  EXPECT_EQ(p.step(), 1);
  EXPECT_TRUE(p.advance(5.0));
  EXPECT_EQ(p.step(), 3);
  EXPECT_FALSE(p.playing());
  p.play();  // at the end: starts over
  EXPECT_EQ(p.step(), 0);
}

TEST(Playback, SpeedIsClamped) {
  Playback p;
  p.set_speed(100.0f);
  EXPECT_FLOAT_EQ(p.speed(), 8.0f);
  p.set_speed(0.0f);
  EXPECT_FLOAT_EQ(p.speed(), 0.25f);
}

}  // namespace
}  // namespace wl
