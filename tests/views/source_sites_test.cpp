#include "model/views/source_sites.h"

#include <gtest/gtest.h>

#include "sim_trace.h"

namespace wl {
namespace {

TEST(SourceSites, Files) {
  EXPECT_EQ(variant_source_path("unroll-last-warp"), "kernels/reduce/unroll_last_warp.h");
  const SourceLocation own = site_location(37, "sequential");
  EXPECT_EQ(own.file, "kernels/reduce/sequential.h");
  EXPECT_EQ(own.line, 37u);
  const SourceLocation warp = site_location(1017, "warp-shuffle");
  EXPECT_EQ(warp.file, "kernels/warp/warp_reduce.h");
  EXPECT_EQ(warp.line, 17u);
  EXPECT_EQ(site_location(2024, "warp-shuffle").file, "kernels/block/block_reduce.h");
  EXPECT_EQ(site_location(3011, "single-pass").file, "kernels/block/last_block_finish.h");
}

TEST(SourceSites, HitsOfALevel) {
  const TraceViews v = test::simulate("sequential", 64, 64);
  const SourceHits hits = step_source_hits(block_events(v.trace, 0), level_step(0), "sequential");
  ASSERT_EQ(hits.size(), 1u);
  const auto& lines = hits.at("kernels/reduce/sequential.h");
  // The branch (all 64 threads), two loads and a store (32 threads), the barrier (64).
  ASSERT_EQ(lines.size(), 5u);
  const unsigned branch_line = lines.begin()->first;
  EXPECT_EQ(lines.at(branch_line), 64u);
  EXPECT_EQ(lines.at(branch_line + 1), 32u);
}

TEST(SourceSites, SharedLayersOfWarpShuffle) {
  const TraceViews v = test::simulate("warp-shuffle", 64, 64);
  const SourceHits hits = step_source_hits(block_events(v.trace, 0), level_step(0), "warp-shuffle");
  ASSERT_EQ(hits.count("kernels/warp/warp_reduce.h"), 1u);
  EXPECT_EQ(hits.at("kernels/warp/warp_reduce.h").begin()->second, 64u);  // 64 shuffles
}

}  // namespace
}  // namespace wl
