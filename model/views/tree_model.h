// The reduction tree of one block, derived from its trace: which value each shared-memory slot
// or register holds after every step, and which earlier values each new one combined.
//
// Rows: the input elements the block loaded (when it loaded any from a buffer it does not write:
// the run's input, or in a later launch the partials an earlier one wrote), then one row per step present, labelled by step_name: "load", "level k", "finish".
// A row holds one node per live position: position p is shared slot p (byte address / element
// size) or thread p's register; both kernels' conventions put thread t's value at position t. A
// node is `written` when its step changed it, else it is carried over from the row above.
//
// Edges (how a written node got its value), per thread, within a step, in event order:
// - loads (shared, or global from an input buffer) collect inputs; a store then writes a node at
//   the slot from them: shared loads of slots a and b followed by a store to a = edges a → a, b → a;
// - a shuffle (value from source lane to this lane) writes the thread's register from its own
//   previous value and, unless it received its own value, the source lane's (a Shuffle edge);
// - loads that no store consumes (by the end of the step) write the thread's register;
// - a global store or atomic to a buffer whose role is Output writes a Result node.
// Every edge is checked against the recorded values: an input is linked only where its value
// is the one the thread read (a load that returned an older or newer value than the row above
// holds, a race, gets a Racy edge from the node that held it; a value the trace cannot explain,
// such as a register reset to the identity, gets no edge). A value stored and re-read within
// one step (behind a barrier) passes straight through: its edges go to the stored value's inputs.
// Where a step writes both a slot and a register at one position, the node is the slot.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/value_ops.h"
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

// `events`: one block of a single-launch trace, canonical order (model/views/block_events.h);
// `buffers`: its buffer table (TraceMeta::buffers), which says which are Input and Output.
// `values` reads the bits.
TreeModel build_tree(const BlockEvents& events, std::uint32_t block, std::uint32_t block_dim,
                     const std::vector<BufferRecord>& buffers, const ValueOps& values);

// The nodes to highlight when tree level `step` is current: the row of `step` (its written
// nodes are the outputs) and the sources of the edges into it (the inputs).
struct LevelHighlight {
  int row = -1;                        // the row of the step, -1 when absent
  std::vector<std::uint32_t> outputs;  // written nodes of that row
  std::vector<std::uint32_t> inputs;   // distinct edge sources, any earlier row
};
LevelHighlight level_highlight(const TreeModel& tree, std::uint16_t step);

}  // namespace wl
