// Traces of several launches: validation against each event's own launch and the tables, and
// select_launch, which the views use to show one launch at a time.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "rich_trace.h"
#include "trace/trace_error.h"
#include "trace/trace_validate.h"

namespace wl {
namespace {

using test::TraceBuilder;

// The message validate_trace throws for `t` ("" when it is valid).
std::string validation_error(const Trace& t) {
  try {
    validate_trace(t);
  } catch (const TraceError& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_INVALID(trace, text) \
  EXPECT_NE(validation_error(trace).find(text), std::string::npos) << validation_error(trace)

// Launch 0: 4 blocks of 64; launch 1: 1 block of 32, recorded block 0 in both.
Trace two_launches() {
  TraceBuilder b(64, 4);
  b.global(0, 63, OpKind::GlobalLoad, 1, 0);
  b.step(kFinishStep);
  b.global(0, 0, OpKind::GlobalStore, 2, 0, 4, test::kPartials);
  b.launch("finish-pass", 1, 32).step(level_step(0));
  b.global(0, 31, OpKind::GlobalLoad, 3, 124, 4, test::kPartials);
  b.step(kFinishStep);
  b.global(0, 0, OpKind::GlobalStore, 4, 0, 4, test::kOutput);
  return b.build();
}

TEST(TraceLaunches, TwoLaunchesAreValid) { EXPECT_EQ(validation_error(two_launches()), ""); }

TEST(TraceLaunches, EventsAreCheckedAgainstTheirOwnLaunch) {
  Trace t = two_launches();
  t.events[2].thread = 40;  // fine in launch 0 (64 threads), not in launch 1 (32)
  EXPECT_INVALID(t, "event #2: thread 40 >= block_dim 32 of launch 1");
  t = two_launches();
  t.events[0].thread = 40;
  EXPECT_EQ(validation_error(t), "");
  t = two_launches();
  t.events[3].block = 1;
  EXPECT_INVALID(t, "event #3: block 1 >= grid_dim 1 of launch 1");
  t = two_launches();
  t.events[1].launch = 2;
  EXPECT_INVALID(t, "event #1: launch 2 >= the 2 launches of meta.launches");
}

TEST(TraceLaunches, BuffersMustBeInTheTable) {
  Trace t = two_launches();
  t.events[0].buffer = 7;
  EXPECT_INVALID(t, "event #0: unknown buffer 7 (not in meta.buffers)");
  t = two_launches();
  t.events[0].buffer = kNoBuffer;
  EXPECT_INVALID(t, "event #0: global access without a buffer");
  t = two_launches();
  t.meta.buffers[1].id = 1;
  EXPECT_INVALID(t, "meta.buffers: ids are not ascending and unique at buffer 1");
  t = two_launches();
  t.meta.buffers[0].id = kNoBuffer;
  EXPECT_INVALID(t, "meta.buffers: id 0 means no buffer");
  t = two_launches();
  t.meta.buffers[2].name = "input";
  EXPECT_INVALID(t, "two buffers are named 'input'");
  t = two_launches();
  t.meta.buffers[0].role = BufferRole(9);
  EXPECT_INVALID(t, "buffer 1: unknown role 9");
}

TEST(TraceLaunches, StepsMustBeListed) {
  Trace t = two_launches();
  t.events[2].step = make_step(StepKind::UpSweep, 2);
  EXPECT_INVALID(t, "event #2: step 8194 (up-sweep d=2) is not in meta.steps");
  t = two_launches();
  std::swap(t.meta.steps[0], t.meta.steps[1]);
  EXPECT_INVALID(t, "meta.steps: ids are not ascending and unique");
  t = two_launches();
  t.meta.steps[1].id = t.meta.steps[0].id;
  EXPECT_INVALID(t, "meta.steps: ids are not ascending and unique");
}

TEST(TraceLaunches, LaunchTableAndMetaAgree) {
  Trace t = two_launches();
  t.meta.launches[1].block_dim = 2048;
  EXPECT_INVALID(t, "launch 1: block_dim 2048 is outside [1, 1024]");
  t = two_launches();
  t.meta.grid_dim = 1;
  EXPECT_INVALID(t, "meta.grid_dim 1 != grid_dim 4 of launch 0");
  t = two_launches();
  t.meta.launches.clear();
  EXPECT_INVALID(t, "meta.block_dim 64 != block_dim 0 (no launches)");
  t.meta.block_dim = t.meta.grid_dim = 0;
  EXPECT_INVALID(t, "recorded block 0 >= grid_dim 0");
  t.meta.recorded_blocks.clear();
  EXPECT_INVALID(t, "event #0: launch 0 >= the 0 launches");
}

TEST(TraceLaunches, SelectLaunch) {
  const Trace t = two_launches();
  const Trace second = select_launch(t, 1);
  ASSERT_EQ(second.meta.launches.size(), 1u);
  EXPECT_EQ(second.meta.launches[0].name, "finish-pass");
  EXPECT_EQ(second.meta.grid_dim, 1u);
  EXPECT_EQ(second.meta.block_dim, 32u);
  EXPECT_EQ(second.meta.buffers.size(), t.meta.buffers.size());
  EXPECT_EQ(second.meta.steps.size(), t.meta.steps.size());
  ASSERT_EQ(second.events.size(), 2u);
  EXPECT_EQ(second.events[0].site, 3);
  EXPECT_EQ(second.events[1].site, 4);
  for (const Event& e : second.events) EXPECT_EQ(e.launch, 0);
  EXPECT_EQ(validation_error(second), "");

  const Trace first = select_launch(t, 0);
  EXPECT_EQ(first.meta.block_dim, 64u);
  ASSERT_EQ(first.events.size(), 2u);
  EXPECT_EQ(first.events[1].site, 2);

  const Trace none = select_launch(t, 5);
  EXPECT_TRUE(none.meta.launches.empty());
  EXPECT_TRUE(none.events.empty());
  EXPECT_EQ(none.meta.grid_dim, 0u);
}

// Given up, the trace's own events are filtered: the same launch, event for event.
TEST(TraceLaunches, SelectLaunchOfATraceGivenUpIsTheSame) {
  const Trace t = two_launches();
  for (std::uint32_t launch : {0u, 1u, 5u}) {
    Trace given = t;
    const Trace copied = select_launch(t, launch);
    const Trace taken = select_launch(std::move(given), launch);
    ASSERT_EQ(taken.events.size(), copied.events.size()) << launch;
    for (std::size_t i = 0; i < taken.events.size(); ++i)
      EXPECT_TRUE(std::memcmp(&taken.events[i], &copied.events[i], sizeof(Event)) == 0) << launch << " #" << i;
    EXPECT_EQ(taken.meta.launches.size(), copied.meta.launches.size());
    EXPECT_EQ(taken.meta.grid_dim, copied.meta.grid_dim);
    EXPECT_EQ(taken.meta.block_dim, copied.meta.block_dim);
  }
}

TEST(TraceLaunches, StepsUsedAreSortedAndNamed) {
  const std::vector<StepRecord> steps = steps_used(two_launches().events);
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[0].name, "load");
  EXPECT_EQ(steps[1].name, "level 0");
  EXPECT_EQ(steps[2].name, "finish");
}

}  // namespace
}  // namespace wl
