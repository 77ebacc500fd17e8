#include "model/views/tree_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

#include "model/views/block_events.h"
#include "sim_trace.h"

namespace wl {
namespace {

using test::tree_of;

std::vector<std::uint32_t> positions(const TreeModel& t, const std::vector<std::uint32_t>& nodes) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t n : nodes) out.push_back(t.nodes[n].position);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::uint32_t> range(std::uint32_t count, std::uint32_t stride = 1) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t i = 0; i < count; ++i) out.push_back(i * stride);
  return out;
}

std::int32_t value_at(const TreeModel& t, const char* label, std::uint32_t position) {
  for (std::size_t r = 0; r < t.rows.size(); ++r)
    if (t.rows[r].label == label) {
      const TreeNode* n = t.node_at(r, position);
      return n ? std::int32_t(std::uint32_t(n->bits)) : -1;
    }
  return -1;
}

TEST(TreeModel, SequentialBlock32RowsAndNodeCounts) {
  const TraceViews v = test::simulate("sequential", 32, 32);
  const TreeModel t = tree_of(v, 0);
  std::vector<std::string> labels;
  for (const TreeRow& r : t.rows) labels.push_back(r.label);
  EXPECT_EQ(labels, (std::vector<std::string>{"input", "load", "level 0", "level 1", "level 2",
                                              "level 3", "level 4", "finish"}));
  for (const TreeRow& r : t.rows) EXPECT_EQ(r.node_count, 32u) << r.label;
  EXPECT_EQ(t.width, 32u);
  const std::uint32_t written[] = {0, 32, 16, 8, 4, 2, 1, 1};
  for (std::size_t r = 0; r < t.rows.size(); ++r) EXPECT_EQ(t.rows[r].written, written[r]) << t.rows[r].label;
}

// A later launch's input is what the earlier one wrote: sequential on 64 x 32 elements makes 64
// partials in launch 0; launch 1's block 0 loads the first 32 of them, one per thread, so its
// tree starts from an input row of 32 nodes holding those partials.
TEST(TreeModel, TheSecondLaunchStartsFromThePartialsTheFirstWrote) {
  const TraceViews first = test::simulate("sequential", 32, 64 * 32);
  const TraceViews second = build_trace_views_of_launch(first, 1);
  ASSERT_EQ(second.launch, 1u);
  const TreeModel t = tree_of(second, 0);
  ASSERT_FALSE(t.rows.empty());
  EXPECT_EQ(t.rows.front().label, "input");
  EXPECT_EQ(t.rows.front().node_count, 32u);
  // Ascending input, element i = i % 1000 + 1: partial k sums elements 32 k .. 32 k + 31.
  for (std::uint32_t k = 0; k < 32; ++k) {
    std::int32_t partial = 0;
    for (std::uint32_t i = 32 * k; i < 32 * k + 32; ++i) partial += std::int32_t(i % 1000 + 1);
    EXPECT_EQ(std::int32_t(t.nodes[k].bits), partial) << k;
  }
  for (const TreeEdge& e : t.edges)  // the load row takes each partial from the input row
    if (t.nodes[e.to].row == 1) {
      EXPECT_EQ(t.nodes[e.from].row, 0u);
    }
}

TEST(TreeModel, SequentialBlock32HighlightsPerLevel) {
  const TraceViews v = test::simulate("sequential", 32, 32);
  const TreeModel t = tree_of(v, 0);
  for (unsigned level = 0; level < 5; ++level) {
    const LevelHighlight h = level_highlight(t, level_step(level));
    const std::uint32_t active = 16u >> level;
    EXPECT_EQ(h.row, int(level) + 2);
    EXPECT_EQ(positions(t, h.outputs), range(active)) << "level " << level;
    EXPECT_EQ(positions(t, h.inputs), range(2 * active)) << "level " << level;
    for (std::uint32_t n : h.inputs) EXPECT_EQ(t.nodes[n].row, level + 1);
    EXPECT_EQ(t.rows[std::size_t(h.row)].edge_count, 2 * active);
    EXPECT_EQ(t.rows[std::size_t(h.row)].active_threads, active);
  }
}

TEST(TreeModel, SequentialValuesFollowTheTree) {
  const TraceViews v = test::simulate("sequential", 32, 32);  // ascending input: 1..32
  const TreeModel t = tree_of(v, 0);
  EXPECT_EQ(value_at(t, "input", 5), 6);
  EXPECT_EQ(value_at(t, "load", 31), 32);
  EXPECT_EQ(value_at(t, "level 0", 0), 1 + 17);
  EXPECT_EQ(value_at(t, "level 0", 20), 21);  // carried over: thread 20 did not work
  EXPECT_EQ(value_at(t, "finish", 0), 528);
  const TreeNode* result = t.node_at(t.rows.size() - 1, 0);
  ASSERT_NE(result, nullptr);
  EXPECT_EQ(result->kind, NodeKind::Result);
  EXPECT_TRUE(result->contributes);
  // Level 4's output is one combine of slots 0 and 1.
  const LevelHighlight h = level_highlight(t, level_step(4));
  ASSERT_EQ(h.outputs.size(), 1u);
  EXPECT_EQ(t.nodes[h.outputs[0]].thread, 0);
}

TEST(TreeModel, SequentialBlock256) {
  const TraceViews v = test::simulate("sequential", 256, 256);
  const TreeModel t = tree_of(v, 0);
  ASSERT_EQ(t.rows.size(), 2u + 8u + 1u);  // input, load, 8 levels, finish
  for (unsigned level = 0; level < 8; ++level) {
    const LevelHighlight h = level_highlight(t, level_step(level));
    EXPECT_EQ(h.outputs.size(), 128u >> level);
    EXPECT_EQ(h.inputs.size(), 256u >> level);
  }
  EXPECT_EQ(value_at(t, "finish", 0), 256 * 257 / 2);
}

TEST(TreeModel, InterleavedDivergentCombinesNeighbours) {
  const TraceViews v = test::simulate("interleaved-divergent", 32, 32);
  const TreeModel t = tree_of(v, 0);
  const LevelHighlight h0 = level_highlight(t, level_step(0));
  EXPECT_EQ(positions(t, h0.outputs), range(16, 2));
  EXPECT_EQ(positions(t, h0.inputs), range(32));
  const LevelHighlight h2 = level_highlight(t, level_step(2));
  EXPECT_EQ(positions(t, h2.outputs), range(4, 8));
}

// A tree in global memory, in place (`work[t] = work[t] + work[t + s]`): its slots are the
// elements the block writes, from its first. Block 1 of n = 128 at block 32 (two elements a
// thread) starts at element 64: input 65..128 (ascending), level 0 holds (65 + t) + (97 + t).
TEST(TreeModel, AGlobalMemoryTreeHasItsElementsAsSlots) {
  const TraceViews v = test::simulate_in("reduce", "global-in-place", 32, 128, "i32", Pattern::Ascending, {}, {1});
  const TreeModel t = tree_of(v, 1);
  EXPECT_TRUE(t.global_slots);
  std::vector<std::string> labels;
  std::vector<std::uint32_t> written;
  for (const TreeRow& row : t.rows) labels.push_back(row.label), written.push_back(row.written);
  EXPECT_EQ(labels, (std::vector<std::string>{"input", "level 0", "level 1", "level 2", "level 3", "level 4", "level 5",
                                              "finish"}));
  EXPECT_EQ(written, (std::vector<std::uint32_t>{0, 32, 16, 8, 4, 2, 1, 1}));
  EXPECT_EQ(t.rows[0].node_count, 64u);
  EXPECT_EQ(value_at(t, "level 0", 0), 65 + 97);
  EXPECT_EQ(value_at(t, "level 0", 31), 96 + 128);
  EXPECT_EQ(value_at(t, "level 5", 0), (65 + 128) * 32);
  const LevelHighlight h0 = level_highlight(t, level_step(0));
  EXPECT_EQ(h0.inputs.size(), 64u);  // every input element, two to each of 32 slots
  const LevelHighlight h1 = level_highlight(t, level_step(1));
  EXPECT_EQ(positions(t, h1.outputs), range(16));
  EXPECT_EQ(positions(t, h1.inputs), range(32));
}

TEST(TreeModel, WarpShuffleEdgesGoBetweenLanes) {
  const TraceViews v = test::simulate("warp-shuffle", 64, 64);
  const TreeModel t = tree_of(v, 0);
  const int row = t.row_of_step(level_step(0));  // level 0: __shfl_down_sync(v, 16)
  ASSERT_GE(row, 0);
  const TreeRow& r = t.rows[std::size_t(row)];
  EXPECT_EQ(r.written, 64u);  // every lane of both warps
  std::vector<std::pair<std::uint32_t, std::uint32_t>> shuffles;
  for (std::uint32_t i = 0; i < r.edge_count; ++i) {
    const TreeEdge& e = t.edges[r.first_edge + i];
    if (e.kind == EdgeKind::Shuffle) shuffles.push_back({t.nodes[e.from].position, t.nodes[e.to].position});
  }
  // Lanes 0-15 of each warp receive from lane + 16; lanes 16-31 receive their own value.
  ASSERT_EQ(shuffles.size(), 32u);
  for (auto [from, to] : shuffles) {
    EXPECT_EQ(from, to + 16);
    EXPECT_LT(to % 32, 16u);
  }
  // The warp totals meet in warp 0: lane 1 gets warp 1's total (lanes 32 and 33 one row up).
  const int gather = t.row_of_step(level_step(4));
  const TreeNode* lane1 = t.node_at(std::size_t(gather), 1);
  ASSERT_NE(lane1, nullptr);
  std::vector<std::uint32_t> sources;
  const TreeRow& g = t.rows[std::size_t(gather)];
  for (std::uint32_t i = 0; i < g.edge_count; ++i) {
    const TreeEdge& e = t.edges[g.first_edge + i];
    if (e.to == t.index_of(lane1)) sources.push_back(t.nodes[e.from].position);
  }
  std::sort(sources.begin(), sources.end());
  EXPECT_EQ(sources, (std::vector<std::uint32_t>{32, 33}));
  EXPECT_EQ(std::int32_t(std::uint32_t(t.node_at(t.rows.size() - 1, 0)->bits)), 64 * 65 / 2);
}

TEST(TreeModel, UnrollLastWarpGathersIntoRegisters) {
  const TraceViews v = test::simulate("unroll-last-warp", 64, 128);
  const TreeModel t = tree_of(v, 0);
  const LevelHighlight h = level_highlight(t, level_step(0));  // tid < 32: sdata[tid] + sdata[tid + 32]
  ASSERT_EQ(h.outputs.size(), 32u);
  for (std::uint32_t n : h.outputs) EXPECT_EQ(t.nodes[n].kind, NodeKind::Register);
  EXPECT_EQ(positions(t, h.inputs), range(64));
}

TEST(TreeModel, VolatilePitfallShowsRacyReads) {
  const TraceViews v = test::simulate("unroll-last-warp-volatile", 64, 128);
  const TreeModel t = tree_of(v, 0);
  const auto racy = std::count_if(t.edges.begin(), t.edges.end(),
                                  [](const TreeEdge& e) { return e.kind == EdgeKind::Racy; });
  EXPECT_GT(racy, 0);
  // Racy edges skip rows: the value read is older than the row above holds.
  for (const TreeEdge& e : t.edges)
    if (e.kind == EdgeKind::Racy) {
      EXPECT_LT(t.nodes[e.from].row + 1, t.nodes[e.to].row);
    }
}

// The edges come from the dataflow graph, so equal values cannot pull an edge to the wrong node:
// a run on all-ones or all-equal input draws the same tree as one on random input.
std::vector<std::tuple<std::uint16_t, std::uint32_t, std::uint16_t, std::uint32_t, EdgeKind>> edges_of(const TreeModel& t) {
  std::vector<std::tuple<std::uint16_t, std::uint32_t, std::uint16_t, std::uint32_t, EdgeKind>> out;
  for (const TreeEdge& e : t.edges)
    out.emplace_back(t.nodes[e.from].row, t.nodes[e.from].position, t.nodes[e.to].row, t.nodes[e.to].position, e.kind);
  return out;
}

class TreeOfEveryPattern : public testing::TestWithParam<const char*> {};

TEST_P(TreeOfEveryPattern, EqualValuesDrawTheSameTree) {
  const TreeModel random = tree_of(test::simulate(GetParam(), 64, 64 * 3, "i32", Pattern::Random), 0);
  ASSERT_FALSE(random.edges.empty());
  for (Pattern p : {Pattern::Ones, Pattern::AllEqual}) {
    const TreeModel other = tree_of(test::simulate(GetParam(), 64, 64 * 3, "i32", p), 0);
    EXPECT_EQ(edges_of(other), edges_of(random)) << pattern_names()[std::size_t(p)];
  }
}

INSTANTIATE_TEST_SUITE_P(Variants, TreeOfEveryPattern,
                         testing::Values("atomic-global", "interleaved-divergent", "interleaved-strided",
                                         "sequential", "first-add-on-load", "unroll-last-warp",
                                         "unroll-last-warp-volatile", "complete-unroll", "multi-element",
                                         "warp-shuffle", "cooperative-groups", "single-pass", "speed-of-light"),
                         [](const testing::TestParamInfo<const char*>& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(TreeModel, EmptyBlockGivesEmptyTree) {
  const TraceViews v = test::simulate("sequential", 32, 32);
  const TreeModel t = tree_of(v, 7);
  EXPECT_TRUE(t.empty());
  EXPECT_EQ(level_highlight(t, level_step(0)).row, -1);
}

}  // namespace
}  // namespace wl
