#include "model/atomic_contention.h"

#include <gtest/gtest.h>

#include <functional>

#include "model/metrics.h"
#include "trace_builder.h"

namespace wl {
namespace {

using test::TraceBuilder;

constexpr std::uint16_t kSite = 7;

// One warp; lanes where takes_part(lane) atomically add to shared address_of(lane).
Trace shared_atomics(const std::function<std::uint32_t(unsigned)>& address_of,
                     const std::function<bool(unsigned)>& takes_part = [](unsigned) { return true; }) {
  TraceBuilder b(32);
  for (std::uint16_t t = 0; t < 32; ++t)
    if (takes_part(t)) b.shared(0, t, OpKind::SharedAtomic, kSite, address_of(t));
  return b.build();
}

// The only request of a one-request trace.
RequestContention only_request(const Trace& trace) {
  const std::vector<WarpRequest> requests = group_requests(trace);
  EXPECT_EQ(requests.size(), 1u);
  return requests.empty() ? RequestContention{} : request_contention(requests[0]);
}

void expect_counts(const ContentionCounts& c, std::uint64_t requests, std::uint64_t lanes, std::uint64_t passes) {
  EXPECT_EQ(c.requests, requests);
  EXPECT_EQ(c.lanes, lanes);
  EXPECT_EQ(c.passes, passes);
}

void expect_hits(const AddressHits& h, std::uint32_t buffer, std::uint32_t address, std::uint64_t lanes,
                 std::uint64_t passes) {
  EXPECT_EQ(h.at.buffer, buffer);
  EXPECT_EQ(h.at.address, address);
  EXPECT_EQ(h.lanes, lanes);
  EXPECT_EQ(h.passes, passes);
}

TEST(AtomicContention, WholeWarpOnOneAddressTakes32Passes) {
  const Trace trace = shared_atomics([](unsigned) { return 64; });
  const RequestContention r = only_request(trace);
  EXPECT_EQ(r.lanes, 32u);
  EXPECT_EQ(r.distinct, 1u);
  EXPECT_EQ(r.passes, 32u);

  const Contention c = atomic_contention(group_requests(trace));
  expect_counts(c.shared, 1, 32, 32);
  expect_hits(c.shared.hottest, 0, 64, 32, 32);
  expect_counts(c.global, 0, 0, 0);
  EXPECT_EQ(c.global.hottest.lanes, 0u);  // no global atomics: no hottest address
}

TEST(AtomicContention, DistinctAddressesTakeOnePass) {
  const RequestContention r = only_request(shared_atomics([](unsigned lane) { return 4 * (31 - lane); }));
  EXPECT_EQ(r.lanes, 32u);
  EXPECT_EQ(r.distinct, 32u);
  EXPECT_EQ(r.passes, 1u);
  EXPECT_EQ(r.slots[0].at.address, 0u);  // in address order
  EXPECT_EQ(r.slots[31].at.address, 124u);
}

TEST(AtomicContention, TwoAddressesOfSixteenLanesTake16Passes) {
  // Even lanes on 128, odd lanes on 256: interleaved, so grouping by address must not rely
  // on neighbouring lanes.
  const Trace trace = shared_atomics([](unsigned lane) { return lane % 2 ? 256 : 128; });
  const RequestContention r = only_request(trace);
  EXPECT_EQ(r.distinct, 2u);
  EXPECT_EQ(r.passes, 16u);
  EXPECT_EQ(r.slots[0].lanes, 16u);
  EXPECT_EQ(r.slots[1].lanes, 16u);

  // Both addresses are tied for busiest: each is credited the request's 16 passes.
  const std::vector<AddressHits> hits = atomic_address_hits(group_requests(trace), OpKind::SharedAtomic);
  ASSERT_EQ(hits.size(), 2u);
  expect_hits(hits[0], 0, 128, 16, 16);
  expect_hits(hits[1], 0, 256, 16, 16);
  expect_hits(atomic_contention(group_requests(trace)).shared.hottest, 0, 128, 16, 16);  // lowest on ties
}

TEST(AtomicContention, OneLanePerWarpTakesOnePass) {
  // Warp-aggregated: lane 0 adds the warp's total on behalf of all.
  const Trace trace = shared_atomics([](unsigned) { return 0; }, [](unsigned lane) { return lane == 0; });
  const RequestContention r = only_request(trace);
  EXPECT_EQ(r.lanes, 1u);
  EXPECT_EQ(r.passes, 1u);
  expect_counts(atomic_contention(group_requests(trace)).shared, 1, 1, 1);
}

TEST(AtomicContention, InactiveLanesTakeNoPasses) {
  const Trace trace = shared_atomics([](unsigned) { return 12; },
                                     [](unsigned lane) { return lane == 3 || lane == 7 || lane == 11 || lane == 20 || lane == 31; });
  const RequestContention r = only_request(trace);
  EXPECT_EQ(r.lanes, 5u);
  EXPECT_EQ(r.passes, 5u);
}

TEST(AtomicContention, SharedAndGlobalAreKeptApart) {
  TraceBuilder b(32);
  for (std::uint16_t t = 0; t < 32; ++t) {
    b.shared(0, t, OpKind::SharedAtomic, 1, 0);
    // Offset 0 of two buffers: two addresses, not one.
    b.global(0, t, OpKind::GlobalAtomic, 2, 0, 4, t < 16 ? test::kInput : test::kOutput);
  }
  const std::vector<WarpRequest> requests = group_requests(b.build());
  const Contention c = atomic_contention(requests);
  expect_counts(c.shared, 1, 32, 32);
  expect_counts(c.global, 1, 32, 16);
  expect_hits(c.global.hottest, std::uint32_t(test::kInput), 0, 16, 16);

  const std::vector<AddressHits> global = atomic_address_hits(requests, OpKind::GlobalAtomic);
  ASSERT_EQ(global.size(), 2u);
  expect_hits(global[0], std::uint32_t(test::kInput), 0, 16, 16);
  expect_hits(global[1], std::uint32_t(test::kOutput), 0, 16, 16);
  const std::vector<AddressHits> shared = atomic_address_hits(requests, OpKind::SharedAtomic);
  ASSERT_EQ(shared.size(), 1u);
  expect_hits(shared[0], 0, 0, 32, 32);
}

// Step 1: the whole warp on address 8. Step 2: lanes 0-19 on 4, lanes 20-31 on 8.
Trace two_step_trace() {
  TraceBuilder b(32);
  for (std::uint16_t t = 0; t < 32; ++t) {
    b.step(1);
    b.shared(0, t, OpKind::SharedAtomic, 1, 8);
    b.step(2);
    b.shared(0, t, OpKind::SharedAtomic, 2, t < 20 ? 4 : 8);
  }
  return b.build();
}

TEST(AtomicContention, StepsAccumulateSeparately) {
  const Metrics m = compute_metrics(two_step_trace());
  ASSERT_EQ(m.num_steps(), 2u);
  expect_counts(m.steps[0].shared_contention, 1, 32, 32);
  expect_hits(m.steps[0].shared_contention.hottest, 0, 8, 32, 32);
  expect_counts(m.steps[1].shared_contention, 1, 32, 20);
  expect_hits(m.steps[1].shared_contention.hottest, 0, 4, 20, 20);
  // The total's hottest sums each address over the steps: 8 has 32 + 12 lanes.
  expect_counts(m.total.shared_contention, 2, 64, 52);
  expect_hits(m.total.shared_contention.hottest, 0, 8, 44, 32);
  expect_counts(m.total.global_contention, 0, 0, 0);
}

TEST(AtomicContention, PerAddressCountsOverWarpsAndSteps) {
  // Warp 0: lanes 0-23 on 100, 24-31 on 200 (24 passes, set by 100).
  // Warp 1: lanes 0-9 on 200, 10-19 on 300, 20-31 on 400 (12 passes, set by 400).
  TraceBuilder b(64);
  for (std::uint16_t t = 0; t < 64; ++t) {
    const unsigned lane = t % 32;
    const std::uint32_t address = t < 32 ? (lane < 24 ? 100 : 200) : (lane < 10 ? 200 : lane < 20 ? 300 : 400);
    b.step(1);
    b.shared(0, t, OpKind::SharedAtomic, 1, address);
    b.step(2);  // step 2: every thread once more on 100
    b.shared(0, t, OpKind::SharedAtomic, 2, 100);
  }
  const std::vector<WarpRequest> requests = group_requests(b.build());

  const std::vector<AddressHits> step1 = atomic_address_hits(requests, OpKind::SharedAtomic, 1);
  ASSERT_EQ(step1.size(), 4u);
  expect_hits(step1[0], 0, 100, 24, 24);
  expect_hits(step1[1], 0, 200, 18, 0);
  expect_hits(step1[2], 0, 300, 10, 0);
  expect_hits(step1[3], 0, 400, 12, 12);

  const std::vector<AddressHits> all = atomic_address_hits(requests, OpKind::SharedAtomic);
  ASSERT_EQ(all.size(), 4u);
  expect_hits(all[0], 0, 100, 24 + 64, 24 + 2 * 32);
  expect_hits(all[1], 0, 200, 18, 0);

  EXPECT_TRUE(atomic_address_hits(requests, OpKind::GlobalAtomic).empty());
  EXPECT_TRUE(atomic_address_hits(requests, OpKind::SharedAtomic, 3).empty());
}

TEST(AtomicContention, OtherRequestsAreNotAtomics) {
  TraceBuilder b(32);
  for (std::uint16_t t = 0; t < 32; ++t) {
    b.shared(0, t, OpKind::SharedStore, 1, 0);
    b.global(0, t, OpKind::GlobalLoad, 2, 0);
  }
  const Contention c = atomic_contention(group_requests(b.build()));
  EXPECT_TRUE(c.steps.empty());
  expect_counts(c.shared, 0, 0, 0);
  expect_counts(c.global, 0, 0, 0);
}

}  // namespace
}  // namespace wl
