// Work and span from hand-built dataflow graphs: a value from k sources is k - 1 combines, and
// the span follows the longest chain of them.
#include <gtest/gtest.h>

#include "model/work_span.h"

namespace wl {
namespace {

// Nodes 0..3 are inputs; each later node is written from the listed earlier nodes.
DataflowGraph graph(std::uint32_t inputs, const std::vector<std::vector<std::uint32_t>>& written) {
  DataflowGraph g;
  for (std::uint32_t i = 0; i < inputs; ++i) {
    DataflowNode n;
    n.kind = DataflowNodeKind::Input;
    g.nodes.push_back(n);
  }
  for (const auto& sources : written) {
    const auto to = std::uint32_t(g.nodes.size());
    g.nodes.push_back(DataflowNode{});
    for (std::uint32_t from : sources) {
      DataflowEdge e;
      e.from = from;
      e.to = to;
      e.kind = sources.size() > 1 ? DataflowEdgeKind::Combine : DataflowEdgeKind::Copy;
      g.edges.push_back(e);
    }
  }
  return g;
}

// A tree over 4 inputs: 3 combines, 2 deep; a copy of its root adds neither.
TEST(WorkSpan, ATreeIsNMinusOneCombinesLogNDeep) {
  const WorkSpan ws = measure_work_span(graph(4, {{0, 1}, {2, 3}, {4, 5}, {6}}));
  EXPECT_EQ(ws.work, 3u);
  EXPECT_EQ(ws.span, 2u);
  EXPECT_EQ(ws.inputs, 4u);
}

// One value from 4 sources: 3 combines by one thread, one after another.
TEST(WorkSpan, ManySourcesAreASerialChain) {
  const WorkSpan ws = measure_work_span(graph(4, {{0, 1, 2, 3}}));
  EXPECT_EQ(ws.work, 3u);
  EXPECT_EQ(ws.span, 3u);
}

// Span is the longest chain, not the sum: a 3-deep chain beside a 1-deep combine.
TEST(WorkSpan, SpanIsTheLongestChain) {
  const WorkSpan ws = measure_work_span(graph(4, {{0, 1}, {4, 2}, {5, 3}, {0, 3}}));
  EXPECT_EQ(ws.work, 4u);
  EXPECT_EQ(ws.span, 3u);
  EXPECT_EQ(work_span_text(ws), "work 4 combines for 4 inputs (n log2 n = 8, 2n = 8); span 3 combines deep (log2 n = 2.0)");
}

}  // namespace
}  // namespace wl
