// The reduction tree of one block in one launch: the run's dataflow graph (model/dataflow.h)
// projected onto rows and columns, so its edges are what the kernel recorded, never guesses from
// values.
//
// Rows: the input elements the block's values came from, when any came from a buffer the block
// does not write (the run's input, or in a later launch the partials an earlier one wrote), then
// one row per step of the block, labelled by step_name: "load", "level k", "finish".
// A row holds one node per live position: position p is shared slot p, thread p's register, or
// element base + p of a buffer that is no result but the block writes (a tree in global memory,
// in place; base: the first element the block writes there); the kernels' conventions put
// thread t's value at position t. A node is `written` when its
// step wrote it (the step's last version there; a slot or a result wins over a register), else
// it is carried over from the row above. A global store to an Output buffer is a Result node at
// the writer's position.
//
// Edges (how a written node got its value) are the graph's edges into its version:
// - from a value written earlier in the same step (stored and re-read behind a barrier, or a
//   register between two shuffles), the edges go on to that value's own sources;
// - from a value a thread loaded in an earlier step and kept in its register, the row of that
//   step gets a Register node at the thread's position (unless the step wrote that position),
//   with the loads as its sources;
// - otherwise from the source's node, through the nodes that carry it down to the row above.
// Shuffle marks an edge from a value another lane held; Racy one from a load whose recorded
// value is not what the graph says it should read (the graph then draws it from the version
// that held the value read, often several rows up).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/value_ops.h"
#include "model/dataflow.h"
#include "model/views/block_events.h"

namespace wl {

constexpr std::uint16_t kInputRowStep = 0xFFFE;  // TreeRow::step of the input-element row
constexpr std::uint32_t kNoNode = 0xFFFFFFFFu;

enum class NodeKind : std::uint8_t { Input, Slot, Register, Result };
enum class EdgeKind : std::uint8_t {
  Load,     // a shared or global load, or a lane keeping its own register
  Shuffle,  // a register received from another lane
  Racy      // a load that read a value other than the one the row above holds
};

struct TreeNode {
  std::uint32_t position = 0;  // column: slot / thread index; input rows: rank by address
  std::uint16_t row = 0;
  NodeKind kind = NodeKind::Slot;
  bool written = false;      // changed in this row's step (false: carried over)
  bool contributes = false;  // its value reaches the block's result
  std::int32_t thread = -1;  // the thread that wrote it; -1 when carried over or an input
  std::uint32_t carried_from = kNoNode;  // carried nodes: the node one row up
  std::uint64_t bits = 0;    // raw value (TreeModel::values says how to read it)
};

struct TreeEdge {
  std::uint32_t from = 0;  // node indices
  std::uint32_t to = 0;
  std::uint16_t thread = 0;  // the thread that combined them
  EdgeKind kind = EdgeKind::Load;
};

struct TreeRow {
  std::uint16_t step = 0;  // trace step, or kInputRowStep
  std::string label;       // "input", "load", "level 0", ..., "finish"
  std::uint32_t first_node = 0, node_count = 0;  // nodes of this row, by position
  std::uint32_t first_edge = 0, edge_count = 0;  // edges INTO this row's nodes
  std::uint32_t written = 0;                     // nodes written in this row
  std::uint32_t active_threads = 0;              // distinct threads that wrote them
};

struct TreeModel {
  std::uint32_t block = 0;
  std::uint32_t block_dim = 0;
  std::uint32_t width = 0;       // positions of the slot / register rows (input rows differ)
  bool global_slots = false;     // its slots are global elements written in place, not shared ones
  ValueOps values;
  std::vector<TreeRow> rows;
  std::vector<TreeNode> nodes;
  std::vector<TreeEdge> edges;

  bool empty() const { return rows.empty(); }
  // The row of a trace step, or -1.
  int row_of_step(std::uint16_t step) const;
  // The node at (row, position), or nullptr.
  const TreeNode* node_at(std::size_t row, std::uint32_t position) const;
  std::uint32_t index_of(const TreeNode* node) const { return std::uint32_t(node - nodes.data()); }
};

// `graph`: build_dataflow of the whole run; `events`: the block's events in `launch` (canonical
// order, model/views/block_events.h), which give the rows and the width; `buffers`: the run's
// buffer table, which says which are Output. `values` reads the bits.
TreeModel build_tree(const DataflowGraph& graph, const BlockEvents& events, std::uint16_t launch,
                     std::uint32_t block, std::uint32_t block_dim, const std::vector<BufferRecord>& buffers,
                     const ValueOps& values);

// The nodes to highlight when tree level `step` is current: the row of `step` (its written
// nodes are the outputs) and the sources of the edges into it (the inputs).
struct LevelHighlight {
  int row = -1;                        // the row of the step, -1 when absent
  std::vector<std::uint32_t> outputs;  // written nodes of that row
  std::vector<std::uint32_t> inputs;   // distinct edge sources, any earlier row
};
LevelHighlight level_highlight(const TreeModel& tree, std::uint16_t step);

}  // namespace wl
