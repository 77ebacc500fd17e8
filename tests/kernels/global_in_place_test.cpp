// global-in-place's global traffic worked out by hand (i32 sum, n = 256, blocks of 64: two blocks
// of 128 elements), against sequential's on the same input, and its in-place run on a copy.
#include <gtest/gtest.h>

#include <numeric>

#include "kernels/families/reduce/traits.h"
#include "model/metrics.h"
#include "trace/trace.h"

namespace wl::reduce {
namespace {

Trace first_launch(const std::string& variant, unsigned grid) {
  RunRequest r;
  r.variant = variant;
  r.type = "i32";
  r.n = 256;
  r.block = 64;
  r.record = true;
  for (unsigned b = 0; b < grid; ++b) r.record_blocks.push_back(b);
  std::vector<std::int32_t> input(256);
  std::iota(input.begin(), input.end(), 1);
  const RunResult out = run_sim(r, input.data());
  EXPECT_TRUE(out.check.ok) << variant;
  EXPECT_EQ(out.result.bits(0), 256u * 257u / 2) << variant;
  return select_launch(out.trace, 0);
}

// A block of 64 threads over work[128 b .. 128 b + 127], 4-byte elements, 32-byte sectors:
//   level 0 (s = 64): 2 warps load work[t] and work[t + 64] (4 requests of 4 sectors), store 2 x 4
//   level 1 (s = 32): warp 0 alone: 2 loads of 4 sectors, a store of 4
//   level 2 (s = 16): 2 loads of 2 sectors, a store of 2
//   levels 3-6 (s = 8, 4, 2, 1): 2 loads of 1 sector and a store of 1 each
//   finish: thread 0 loads work[128 b] and stores out[b]: 1 and 1
// Loads: 17 requests, 16 + 8 + 4 + 4 x 2 + 1 = 37 sectors; stores: 9 requests, 8 + 4 + 2 + 4 + 1 = 19.
TEST(GlobalInPlace, ItsGlobalTrafficWorkedOutByHand) {
  const Metrics m = compute_metrics(first_launch("global-in-place", 2));
  EXPECT_EQ(m.total.global_ld.requests, 2u * 17);
  EXPECT_EQ(m.total.global_ld.sectors, 2u * 37);
  EXPECT_EQ(m.total.global_st.requests, 2u * 9);
  EXPECT_EQ(m.total.global_st.sectors, 2u * 19);
  EXPECT_EQ(m.total.shared_ld.requests + m.total.shared_st.requests, 0u);  // no shared memory
}

// Sequential reads its 256 elements once (4 blocks x 2 warps x 4 sectors) and stores one partial
// a block: 36 sectors for the first launch against global-in-place's 112, about 3x.
TEST(GlobalInPlace, MovesAboutThreeTimesTheSectorsOfTheSharedMemoryTree) {
  const Metrics shared_tree = compute_metrics(first_launch("sequential", 4));
  EXPECT_EQ(shared_tree.total.global_ld.sectors, 32u);
  EXPECT_EQ(shared_tree.total.global_st.sectors, 4u);
  const Metrics in_place = compute_metrics(first_launch("global-in-place", 2));
  const double ratio = double(in_place.total.global_ld.sectors + in_place.total.global_st.sectors) /
                       double(shared_tree.total.global_ld.sectors + shared_tree.total.global_st.sectors);
  EXPECT_NEAR(ratio, 112.0 / 36.0, 1e-9);
}

// The kernel consumes what it reads: the driver hands it a copy, so the input is intact and the
// trace names the copy.
TEST(GlobalInPlace, RunsOnACopyOfTheInput) {
  RunRequest r;
  r.variant = "global-in-place";
  r.type = "i32";
  r.n = 1000;  // a partial last block, and a second pass over 4 partials
  r.block = 128;
  r.record = true;
  r.record_blocks = {0};
  std::vector<std::int32_t> input(1000, 3);
  const std::vector<std::int32_t> before = input;
  const RunResult out = run_sim(r, input.data());
  EXPECT_TRUE(out.check.ok);
  EXPECT_EQ(out.result.bits(0), 3000u);
  EXPECT_EQ(input, before);
  ASSERT_GE(out.trace.meta.buffers.size(), 2u);
  EXPECT_EQ(out.trace.meta.buffers[1].name, "input copy (consumed)");
  EXPECT_EQ(out.launches.size(), 2u);
}

}  // namespace
}  // namespace wl::reduce
