// Where the dataflow view draws a run's dataflow graph (model/dataflow.h), for one block: its
// shared slots and registers in every launch, and every global element its threads touched in
// any launch (with every version of them, whoever wrote it).
//
// Rows are (launch, step) in run order. Columns are locations, grouped: global buffers by id
// then element, then shared slots, then registers; a column is 1 unit wide, groups one unit
// apart. A row holds several versions of a location in sub-levels: a node sits one level below
// the same-row nodes it came from, so every edge points down.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/dataflow.h"
#include "trace/trace.h"

namespace wl {

// More nodes than this are left out (the first ones in run order are kept): an ImDrawList view
// of a few thousand boxes and their edges still draws every frame.
constexpr std::size_t kDataflowMaxNodes = 4000;

struct DataflowRow {
  std::uint16_t launch = 0;
  StepId step = 0;
  std::string label;        // "launch 0 · level 3"
  std::string launch_name;  // the kernel: "sequential"
  float top = 0, height = 1;  // layout units
  std::uint32_t levels = 1;   // sub-levels: versions stacked in the row
};

struct DataflowColumnGroup {
  DataflowSpace space = DataflowSpace::Global;
  BufferId buffer = kNoBuffer;
  std::string label;  // the buffer's name, "shared" or "registers"
  std::uint32_t first_column = 0, column_count = 0;
  float left = 0, right = 0;  // layout units
};

struct DataflowColumn {
  DataflowSpace space = DataflowSpace::Global;
  BufferId buffer = kNoBuffer;
  std::uint32_t index = 0;  // element, slot or thread
  std::uint32_t group = 0;
  float x = 0;  // center
};

struct DataflowLayoutNode {
  std::uint32_t node = 0;  // in the graph
  std::uint32_t row = 0, column = 0;
  std::uint32_t level = 0;
  float x = 0, y = 0;  // center, layout units
};

struct DataflowLayoutEdge {
  std::uint32_t from = 0, to = 0;  // indices of DataflowLayout::nodes; `from` is above `to`
  std::uint16_t thread = 0;
  DataflowEdgeKind kind = DataflowEdgeKind::Copy;
  bool racy = false;  // DataflowEdge::racy: the read saw a value it should not have
};

struct DataflowLayout {
  std::uint32_t block = 0;
  std::vector<DataflowRow> rows;
  std::vector<DataflowColumnGroup> groups;
  std::vector<DataflowColumn> columns;
  std::vector<DataflowLayoutNode> nodes;  // in graph order (so by row)
  std::vector<DataflowLayoutEdge> edges;
  float width = 0, height = 0;  // layout units
  bool truncated = false;       // the block had more than the cap
  std::size_t node_total = 0;   // nodes of the block before the cap

  bool empty() const { return nodes.empty(); }
  // The row of (launch, step), or -1.
  int row_of(std::uint16_t launch, StepId step) const;
  // The height of one sub-level of `row`, layout units.
  float level_height(std::uint32_t row) const { return rows[row].height / float(rows[row].levels); }
};

// "input[37]", "shared[5]", "thread 3's register": the node's location, for readouts.
std::string location_name(const DataflowNode& node, const TraceMeta& meta);

// `graph` = build_dataflow(run).
DataflowLayout layout_dataflow(const DataflowGraph& graph, const Trace& run, std::uint32_t block,
                               std::size_t max_nodes = kDataflowMaxNodes);

}  // namespace wl
