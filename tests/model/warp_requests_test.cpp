#include "model/warp_requests.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "loop_trace.h"
#include "trace_builder.h"

namespace wl {
namespace {

using test::TraceBuilder;

std::vector<const WarpRequest*> of_op(const std::vector<WarpRequest>& requests, OpKind op) {
  std::vector<const WarpRequest*> out;
  for (const WarpRequest& r : requests)
    if (r.op == op) out.push_back(&r);
  return out;
}

TEST(Occurrences, CountPerThreadStepSiteAndOp) {
  const Trace t = test::loop_trace();
  const std::vector<std::uint32_t> occ = event_occurrences(t);
  // Thread 0's events: B L B L B L B -> branch occurrences 0,1,2,3, load occurrences 0,1,2.
  std::vector<std::uint32_t> thread0, thread20;
  for (std::size_t i = 0; i < t.events.size(); ++i) {
    if (t.events[i].thread == 0) thread0.push_back(occ[i]);
    if (t.events[i].thread == 20) thread20.push_back(occ[i]);
  }
  EXPECT_EQ(thread0, (std::vector<std::uint32_t>{0, 0, 1, 1, 2, 2, 3}));
  EXPECT_EQ(thread20, (std::vector<std::uint32_t>{0, 0, 1, 1, 2}));
}

TEST(Occurrences, RestartInEachStep) {
  TraceBuilder b(32);
  b.shared(0, 0, OpKind::SharedLoad, 5, 0);
  b.shared(0, 0, OpKind::SharedLoad, 5, 4);
  b.step(level_step(0));
  b.shared(0, 0, OpKind::SharedLoad, 5, 8);
  b.shared(0, 0, OpKind::SharedStore, 5, 8);
  EXPECT_EQ(event_occurrences(b.build()), (std::vector<std::uint32_t>{0, 1, 0, 0}));
}

TEST(WarpRequests, LoopWithAnExtraIterationLinesUp) {
  const std::vector<WarpRequest> requests = group_requests(test::loop_trace());
  const auto loads = of_op(requests, OpKind::SharedLoad);
  ASSERT_EQ(loads.size(), 3u);
  EXPECT_EQ(loads[0]->lane_mask, 0xFFFFFFFFu);
  EXPECT_EQ(loads[1]->lane_mask, 0xFFFFFFFFu);
  EXPECT_EQ(loads[2]->lane_mask, 0x0000FFFFu);  // only lanes 0-15 ran the third iteration
  for (unsigned k = 0; k < 3; ++k) {
    EXPECT_EQ(loads[k]->occurrence, k);
    EXPECT_EQ(loads[k]->address[7], 4 * (32 * k + 7)) << "iteration " << k;
    EXPECT_EQ(loads[k]->size, 4);
  }
  const auto branches = of_op(requests, OpKind::Branch);
  ASSERT_EQ(branches.size(), 4u);
  EXPECT_EQ(branches[0]->taken_mask, 0xFFFFFFFFu);
  EXPECT_EQ(branches[1]->taken_mask, 0xFFFFFFFFu);
  // Third test: lanes 0-15 go round again, lanes 16-31 leave.
  EXPECT_EQ(branches[2]->lane_mask, 0xFFFFFFFFu);
  EXPECT_EQ(branches[2]->taken_mask, 0x0000FFFFu);
  // Fourth test: only lanes 0-15, all leaving.
  EXPECT_EQ(branches[3]->lane_mask, 0x0000FFFFu);
  EXPECT_EQ(branches[3]->taken_mask, 0u);
}

TEST(WarpRequests, TwoLoadsOnOneLineAreTwoRequests) {
  // s[t] += s[t + 1] at line 20: load, load, store per thread.
  TraceBuilder b(64);
  b.step(level_step(0));
  for (std::uint16_t t = 0; t < 64; ++t) {
    b.shared(0, t, OpKind::SharedLoad, 20, 4 * t);
    b.shared(0, t, OpKind::SharedLoad, 20, 4 * (t + 1));
    b.shared(0, t, OpKind::SharedStore, 20, 4 * t);
  }
  const auto requests = group_requests(b.build());
  ASSERT_EQ(requests.size(), 6u);  // 2 warps x (2 loads + 1 store)
  for (const WarpRequest& r : requests) {
    EXPECT_EQ(r.lane_mask, 0xFFFFFFFFu);
    const unsigned t = 32u * r.warp + 5;
    const unsigned expected = r.op == OpKind::SharedLoad && r.occurrence == 1 ? 4 * (t + 1) : 4 * t;
    EXPECT_EQ(r.address[5], expected);
  }
  EXPECT_EQ(requests[0].warp, 0);
  EXPECT_EQ(requests[3].warp, 1);
}

TEST(WarpRequests, OrderIsBlockWarpStepThenIssueOrder) {
  TraceBuilder b(64, 2);
  for (std::uint16_t t = 0; t < 64; ++t) {
    b.global(1, t, OpKind::GlobalLoad, 50, 4 * t);    // line 50 runs first...
    b.shared(1, t, OpKind::SharedStore, 20, 4 * t);   // ...then line 20
    b.global(0, t, OpKind::GlobalLoad, 50, 4 * t);
  }
  const auto requests = group_requests(b.build());
  ASSERT_EQ(requests.size(), 6u);
  EXPECT_EQ(requests[0].block, 0u);
  EXPECT_EQ(requests[2].block, 1u);
  EXPECT_EQ(requests[2].warp, 0);
  EXPECT_EQ(requests[2].site, 50);
  EXPECT_EQ(requests[3].site, 20);
  EXPECT_EQ(requests[4].warp, 1);
}

// A request is one launch's: the same line run by the same lanes in two launches is two
// requests, each lane's occurrence counted from 0 in each.
TEST(WarpRequests, NeverSpanLaunches) {
  TraceBuilder b(32);
  for (std::uint16_t t = 0; t < 32; ++t) b.global(0, t, OpKind::GlobalLoad, 7, 4 * t);
  b.launch("second", 1, 32);
  for (std::uint16_t t = 0; t < 32; ++t) b.global(0, t, OpKind::GlobalLoad, 7, 4 * t);
  const Trace t = b.build();
  const auto requests = group_requests(t);
  ASSERT_EQ(requests.size(), 2u);
  for (const WarpRequest& r : requests) {
    EXPECT_EQ(r.lane_mask, 0xFFFFFFFFu);
    EXPECT_EQ(r.occurrence, 0u);
  }
  EXPECT_EQ(t.events[requests[0].event[0]].launch, 0);
  EXPECT_EQ(t.events[requests[1].event[0]].launch, 1);
  for (std::uint32_t k : event_occurrences(t)) EXPECT_EQ(k, 0u);
}

TEST(WarpRequests, ControlEventsFormNoRequests) {
  TraceBuilder b(32);
  b.barrier(0, 0, 1);
  b.add(0, 0, OpKind::WarpSync, 2);
  b.add(0, 0, OpKind::Fence, 3);
  b.add(0, 0, OpKind::Shuffle, 4, 0, 4);
  b.add(0, 0, OpKind::Vote, 5);
  const auto requests = group_requests(b.build());
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_EQ(requests[0].op, OpKind::Shuffle);
  EXPECT_EQ(requests[1].op, OpKind::Vote);
}

TEST(WarpRequests, LaneEventPointsBackIntoTheTrace) {
  const Trace t = test::loop_trace();
  for (const WarpRequest& r : group_requests(t)) {
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      if (!r.active(lane)) {
        EXPECT_EQ(r.event[lane], WarpRequest::kNoEvent);
        continue;
      }
      const Event& e = r.lane_event(t, lane);
      EXPECT_EQ(e.lane(), lane);
      EXPECT_EQ(e.op, r.op);
      EXPECT_EQ(e.site, r.site);
      EXPECT_EQ(e.address, r.address[lane]);
    }
  }
}

TEST(WarpRequests, EventOrderDoesNotMatter) {
  Trace t = test::loop_trace();
  const auto expected = group_requests(t);
  std::mt19937 rng(7);
  std::shuffle(t.events.begin(), t.events.end(), rng);
  const auto shuffled = group_requests(t);
  ASSERT_EQ(shuffled.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(shuffled[i].op, expected[i].op);
    EXPECT_EQ(shuffled[i].occurrence, expected[i].occurrence);
    EXPECT_EQ(shuffled[i].lane_mask, expected[i].lane_mask);
    EXPECT_EQ(shuffled[i].taken_mask, expected[i].taken_mask);
    EXPECT_TRUE(std::equal(std::begin(shuffled[i].address), std::end(shuffled[i].address),
                           std::begin(expected[i].address)));
  }
}

}  // namespace
}  // namespace wl
