#include "model/work_span.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace wl {

WorkSpan measure_work_span(const DataflowGraph& graph) {
  WorkSpan out;
  std::vector<std::uint64_t> chain(graph.nodes.size(), 0);  // combines on the longest path into a node
  for (std::uint32_t node = 0; node < graph.nodes.size(); ++node) {
    if (graph.nodes[node].kind == DataflowNodeKind::Input) ++out.inputs;
    const auto [first, last] = graph.edges_into(node);
    if (first == last) continue;
    std::uint64_t longest = 0;
    // Nodes are in processing order, so every source comes first (a racy read too: it is drawn
    // from a version already written).
    for (const DataflowEdge* e = first; e != last; ++e)
      if (e->from < node) longest = std::max(longest, chain[e->from]);
    const std::uint64_t combines = std::uint64_t(last - first) - 1;
    out.work += combines;
    chain[node] = longest + combines;
    out.span = std::max(out.span, chain[node]);
  }
  return out;
}

std::string work_span_text(const WorkSpan& ws) {
  if (ws.inputs == 0) {  // a program recorded on a GPU: its buffers are allocations, none named its input
    char text[192];
    std::snprintf(text, sizeof text,
                  "work %llu combines; span %llu combines deep (no buffer is named the run's input, so there is no n "
                  "to set them beside)",
                  (unsigned long long)ws.work, (unsigned long long)ws.span);
    return text;
  }
  const double n = double(ws.inputs);
  const double log2n = n > 1 ? std::log2(n) : 0.0;
  char text[256];
  std::snprintf(text, sizeof text,
                "work %llu combines for %llu inputs (n log2 n = %.0f, 2n = %.0f); span %llu combines deep (log2 n = %.1f)",
                (unsigned long long)ws.work, (unsigned long long)ws.inputs, n * log2n, 2 * n,
                (unsigned long long)ws.span, log2n);
  return text;
}

}  // namespace wl
