#include "model/views/source_sites.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "kernels/family/family.h"
#include "sim_trace.h"

namespace wl {
namespace {

TraceMeta kernel(const char* variant) {
  TraceMeta meta;
  meta.family = "reduce";
  meta.variant = variant;
  return meta;
}

TEST(SourceSites, Files) {
  EXPECT_EQ(variant_source_path(kernel("unroll-last-warp")), "kernels/families/reduce/unroll_last_warp.h");
  const SourceLocation own = site_location(37, kernel("sequential"));
  EXPECT_EQ(own.file, "kernels/families/reduce/sequential.h");
  EXPECT_EQ(own.line, 37u);
  const SourceLocation warp = site_location(1017, kernel("warp-shuffle"));
  EXPECT_EQ(warp.file, "kernels/warp/warp_reduce.h");
  EXPECT_EQ(warp.line, 17u);
  EXPECT_EQ(site_location(2024, kernel("warp-shuffle")).file, "kernels/block/block_reduce.h");
  EXPECT_EQ(site_location(3011, kernel("single-pass")).file, "kernels/grid/last_block.h");
  EXPECT_EQ(site_location(4020, kernel("single-pass")).file, "kernels/grid/tile_status.h");
  EXPECT_EQ(site_location(1512, kernel("warp-shuffle")).file, "kernels/warp/warp_scan.h");
  EXPECT_EQ(site_location(1840, kernel("decoupled-lookback")).file, "kernels/warp/warp_chunks.h");
  EXPECT_EQ(site_location(2540, kernel("warp-shuffle")).file, "kernels/block/block_scan.h");
  const SourceLocation tree = site_location(2787, kernel("blelloch"));
  EXPECT_EQ(tree.file, "kernels/block/block_tree_scan.h");
  EXPECT_EQ(tree.line, 87u);
  const SourceLocation family = site_location(5090, kernel("single-pass"));
  EXPECT_EQ(family.file, "kernels/families/reduce/variant.h");
  EXPECT_EQ(family.line, 90u);
}

TEST(SourceSites, HitsOfALevel) {
  const TraceViews v = test::simulate("sequential", 64, 64);
  const SourceHits hits = step_source_hits(block_events(v.trace, 0), level_step(0), v.trace.meta);
  ASSERT_EQ(hits.size(), 1u);
  const auto& lines = hits.at("kernels/families/reduce/sequential.h");
  // The branch (all 64 threads), two loads and a store (32 threads), the barrier (64).
  ASSERT_EQ(lines.size(), 5u);
  const unsigned branch_line = lines.begin()->first;
  EXPECT_EQ(lines.at(branch_line), 64u);
  EXPECT_EQ(lines.at(branch_line + 1), 32u);
}

// Every built-in variant of every family on the simulator: each event's line is a line of the
// file it names, not past its end (hillis-steele-single-buffer's lines are hillis_steele.h's,
// whose template it runs; they were read against its own 24-line file).
TEST(SourceSites, EveryLineIsInItsFile) {
  std::size_t runs = 0;
  for (const Family* family : families())
    for (const VariantSummary& variant : family->variants()) {
      RunRequest r;
      r.family = std::string(family->id());
      r.variant = variant.id;
      r.type = family->id() == "rows" ? "f32" : "i32";
      r.n = family->id() == "rows" ? 1024 : 256;
      r.block = 64;
      if (family->id() == "allreduce") r.params["gpus"] = 2;
      if (!family->ops().empty()) r.op = family->ops().front();
      r.record = true;
      if (!validate_for(*family, r).empty()) continue;
      const RunOutcome report = run_request(r, RunInput{}, BackendChoice::Simulator);
      ++runs;
      const TraceMeta& meta = report.result.trace.meta;
      std::map<std::string, std::size_t> lines_of;
      for (const Event& e : report.result.trace.events) {
        const SourceLocation at = site_location(e.site, meta);
        auto it = lines_of.find(at.file);
        if (it == lines_of.end()) {
          std::ifstream in(std::string(WL_SOURCE_DIR) + "/" + at.file);
          ASSERT_TRUE(in) << at.file;
          std::size_t n = 0;
          for (std::string line; std::getline(in, line);) ++n;
          it = lines_of.emplace(at.file, n).first;
        }
        ASSERT_LE(at.line, it->second) << family->id() << " " << variant.id << ": " << at.file;
      }
    }
  EXPECT_GE(runs, 45u);  // all 48 but the three of another operator (layer norm)
}

TEST(SourceSites, SharedLayersOfWarpShuffle) {
  const TraceViews v = test::simulate("warp-shuffle", 64, 64);
  const SourceHits hits = step_source_hits(block_events(v.trace, 0), level_step(0), v.trace.meta);
  ASSERT_EQ(hits.count("kernels/warp/warp_reduce.h"), 1u);
  EXPECT_EQ(hits.at("kernels/warp/warp_reduce.h").begin()->second, 64u);  // 64 shuffles
}

}  // namespace
}  // namespace wl
