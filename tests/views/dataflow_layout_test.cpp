#include "model/views/dataflow_layout.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "../trace/trace_builder.h"
#include "sim_trace.h"

namespace wl {
namespace {

using test::kInput;
using test::kOutput;
using test::kPartials;

std::vector<std::string> row_labels(const DataflowLayout& l) {
  std::vector<std::string> out;
  for (const DataflowRow& r : l.rows) out.push_back(r.label);
  return out;
}

std::vector<std::string> group_labels(const DataflowLayout& l) {
  std::vector<std::string> out;
  for (const DataflowColumnGroup& g : l.groups) out.push_back(g.label);
  return out;
}

// Two launches: block 0 combines two inputs through shared memory into partials[0]; block 1
// writes partials[1]; the second launch shuffles both partials into a register and stores it.
Trace two_launch_trace() {
  test::TraceBuilder b(32, 2);
  b.step(kLoadStep);
  b.global(0, 0, OpKind::GlobalLoad, 10, 4, 4, kInput, 1);
  b.shared(0, 0, OpKind::SharedStore, 11, 0, 4, 1);
  b.global(0, 1, OpKind::GlobalLoad, 10, 0, 4, kInput, 2);
  b.shared(0, 1, OpKind::SharedStore, 11, 4, 4, 2);
  b.global(1, 0, OpKind::GlobalLoad, 10, 128, 4, kInput, 5);
  b.global(1, 0, OpKind::GlobalStore, 12, 4, 4, kPartials, 5);
  b.step(kFinishStep);
  b.shared(0, 0, OpKind::SharedLoad, 20, 0, 4, 1);
  b.shared(0, 0, OpKind::SharedLoad, 20, 4, 4, 2);
  b.global(0, 0, OpKind::GlobalStore, 21, 0, 4, kPartials, 3);
  b.launch("second pass", 1, 32);
  b.step(level_step(0));
  b.global(0, 0, OpKind::GlobalLoad, 30, 0, 4, kPartials, 3);
  b.global(0, 0, OpKind::GlobalLoad, 30, 4, 4, kPartials, 5);
  b.add(0, 0, OpKind::Shuffle, 31, 0, 4, kNoBuffer, 8, 8).aux = 0;
  b.global(0, 0, OpKind::GlobalStore, 32, 0, 4, kOutput, 8);
  return b.build();
}

TEST(DataflowLayout, RowsColumnsAndLevelsOfAHandBuiltRun) {
  const Trace run = two_launch_trace();
  const DataflowLayout l = layout_dataflow(build_dataflow(run), run, 0);

  EXPECT_EQ(row_labels(l), (std::vector<std::string>{"launch 0 \u00b7 load", "launch 0 \u00b7 finish",
                                                      "launch 1 \u00b7 level 0"}));
  EXPECT_EQ(l.rows[2].launch_name, "second pass");
  // Buffers by id (input 1, output 2, partials 3), then shared, then registers; block 1's input
  // element is not there, but partials[1], which block 0 read in the second launch, is.
  EXPECT_EQ(group_labels(l), (std::vector<std::string>{"input", "output", "partials", "shared", "registers"}));
  ASSERT_EQ(l.columns.size(), 8u);
  const float xs[] = {0.5f, 1.5f, 3.5f, 5.5f, 6.5f, 8.5f, 9.5f, 11.5f};
  for (std::size_t c = 0; c < l.columns.size(); ++c) EXPECT_FLOAT_EQ(l.columns[c].x, xs[c]) << c;
  EXPECT_EQ(l.columns[4].buffer, kPartials);
  EXPECT_EQ(l.columns[4].index, 1u);
  EXPECT_FLOAT_EQ(l.width, 12.0f);

  // Inputs and partials[1] at level 0 of the load row, the shared slots one level below.
  EXPECT_EQ(l.rows[0].levels, 2u);
  EXPECT_EQ(l.rows[1].levels, 1u);
  EXPECT_EQ(l.rows[2].levels, 2u);  // the register, then the output stored from it
  EXPECT_EQ(l.nodes.size(), 5u + 1u + 2u);
  EXPECT_EQ(l.edges.size(), 7u);  // block 1's input -> partials[1] is not drawn
  for (const DataflowLayoutEdge& e : l.edges)
    EXPECT_LT(l.nodes[e.from].y, l.nodes[e.to].y) << "edge " << e.from << " -> " << e.to;
  EXPECT_FALSE(l.truncated);
  EXPECT_EQ(l.row_of(1, level_step(0)), 2);
  const DataflowGraph g = build_dataflow(run);
  std::vector<std::string> names;
  for (const DataflowLayoutNode& n : l.nodes) names.push_back(location_name(g.nodes[n.node], run.meta));
  EXPECT_EQ(names, (std::vector<std::string>{"input[1]", "shared[0]", "input[0]", "shared[1]", "partials[1]",
                                             "partials[0]", "thread 0's register", "output[0]"}));
  EXPECT_EQ(l.row_of(1, kFinishStep), -1);
}

TEST(DataflowLayout, TwoPassReductionShowsBothLaunchesAndEdgesPointDown) {
  const TraceViews v = test::simulate("sequential", 256, 2048);
  ASSERT_EQ(v.whole().meta.launches.size(), 2u);
  const DataflowLayout l = layout_dataflow(build_dataflow(v.whole()), v.whole(), 0);

  ASSERT_FALSE(l.empty());
  EXPECT_EQ(l.rows.front().label, "launch 0 \u00b7 load");
  EXPECT_EQ(l.rows.back().label, "launch 1 \u00b7 finish");
  bool first = false, second = false;
  for (const DataflowRow& r : l.rows) (r.launch == 0 ? first : second) = true;
  EXPECT_TRUE(first && second);
  for (std::size_t r = 1; r < l.rows.size(); ++r) {
    EXPECT_GT(l.rows[r].top, l.rows[r - 1].top);
    EXPECT_LE(std::make_pair(l.rows[r - 1].launch, l.rows[r - 1].step), std::make_pair(l.rows[r].launch, l.rows[r].step));
  }
  // Columns: global buffers (ascending id) before shared slots, ascending within a group.
  for (std::size_t c = 1; c < l.columns.size(); ++c) {
    const DataflowColumn& a = l.columns[c - 1];
    const DataflowColumn& b = l.columns[c];
    EXPECT_LT(std::make_tuple(a.space, a.buffer, a.index), std::make_tuple(b.space, b.buffer, b.index));
    EXPECT_LT(a.x, b.x);
  }
  EXPECT_EQ(l.groups.back().label, "shared");
  EXPECT_EQ(l.groups.front().label, "input");
  EXPECT_EQ(l.groups.front().column_count, 256u);  // block 0's elements
  ASSERT_FALSE(l.edges.empty());
  for (const DataflowLayoutEdge& e : l.edges) EXPECT_LT(l.nodes[e.from].y, l.nodes[e.to].y);
  // An edge from the first launch into the second: partials[0] read by the second pass.
  EXPECT_TRUE(std::any_of(l.edges.begin(), l.edges.end(), [&](const DataflowLayoutEdge& e) {
    return l.rows[l.nodes[e.from].row].launch == 0 && l.rows[l.nodes[e.to].row].launch == 1;
  }));
}

TEST(DataflowLayout, CapsTheNodesAndSaysSo) {
  const TraceViews v = test::simulate("sequential", 256, 2048);
  const DataflowGraph g = build_dataflow(v.whole());
  const DataflowLayout l = layout_dataflow(g, v.whole(), 0, 100);
  EXPECT_TRUE(l.truncated);
  EXPECT_EQ(l.nodes.size(), 100u);
  EXPECT_GT(l.node_total, 100u);
  for (const DataflowLayoutEdge& e : l.edges) EXPECT_LT(e.from, l.nodes.size());
  EXPECT_FALSE(layout_dataflow(g, v.whole(), 0).truncated);
}

TEST(DataflowLayout, TraceViewsBuildTheGraphOnceForEveryLaunch) {
  const TraceViews first = test::simulate("sequential", 256, 2048);
  ASSERT_TRUE(first.dataflow);
  const TraceViews second = build_trace_views_of_launch(first, 1);
  EXPECT_EQ(second.launch, 1u);
  EXPECT_EQ(second.dataflow.get(), first.dataflow.get());
  // Inspecting the second launch still lays out the whole run for the block.
  const BlockViews block = build_block_views(second, 0);
  ASSERT_FALSE(block.dataflow.empty());
  EXPECT_EQ(block.dataflow.rows.front().launch, 0);
  EXPECT_EQ(block.dataflow.rows.back().launch, 1);
}

// Hillis–Steele ping-pongs between two halves of shared memory; its launch asks for them to be
// drawn in one set of columns, so each step's adds line up under the values they read.
TEST(DataflowLayout, PingPongBuffersShareTheirColumns) {
  const TraceViews v = test::simulate_scan("hillis-steele", 16, 16);
  ASSERT_EQ(v.trace.meta.launches.at(0).shared_columns, 16u);
  const DataflowLayout l = layout_dataflow(*v.dataflow, v.whole(), 0);
  std::uint32_t shared = 0;
  for (const DataflowColumnGroup& g : l.groups)
    if (g.space == DataflowSpace::Shared) shared = g.column_count;
  EXPECT_EQ(shared, 16u) << "32 slots, two buffers of 16, folded";
}

// The in-place Hillis–Steele pitfall, one tile of 8 ones: its 10 racy reads (worked out in
// scan_trace_invariants_test) reach the layout, which draws them as races.
TEST(DataflowLayout, RacyReadsAreMarked) {
  const TraceViews v = test::simulate_scan("hillis-steele-single-buffer", 8, 8, Pattern::Ones);
  const DataflowLayout l = layout_dataflow(*v.dataflow, v.whole(), 0);
  EXPECT_EQ(std::count_if(l.edges.begin(), l.edges.end(), [](const DataflowLayoutEdge& e) { return e.racy; }), 10);
}

}  // namespace
}  // namespace wl
