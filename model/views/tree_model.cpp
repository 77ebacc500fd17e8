#include "model/views/tree_model.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>

#include "trace/event_info.h"

namespace wl {
namespace {

// What a tree edge starts from, before nodes have indices: a graph version the tree shows, the
// register a thread kept across steps, or an element of the input row.
struct Ref {
  enum class Kind : std::uint8_t { Version, Kept, Input } kind = Kind::Version;
  std::uint32_t a = 0;  // Version: graph node; Kept: step; Input: buffer
  std::uint32_t b = 0;  // Kept: thread; Input: element
  EdgeKind edge = EdgeKind::Load;
};

// A version the tree shows: the last one of its step at its position.
struct Shown {
  std::uint32_t version = kNoDataflowNode;
  NodeKind kind = NodeKind::Slot;
};

// The graph versions a thread loaded in one step and kept in its register, with the edge kind.
using Kept = std::map<std::uint32_t, EdgeKind>;

class Builder {
 public:
  Builder(const DataflowGraph& graph, const BlockEvents& events, std::uint16_t launch, std::uint32_t block,
          std::uint32_t block_dim, const std::vector<BufferRecord>& buffers, const ValueOps& values)
      : graph_(graph), events_(events), launch_(launch), block_(block) {
    tree_.block = block;
    tree_.block_dim = block_dim;
    tree_.values = values;
    for (const BufferRecord& b : buffers) role_[b.id] = b.role;
    // A buffer that is no result but that the block stores to holds its tree in global memory (a
    // textbook's `in[i] += in[i + s]`): its elements are slots, from the first one the block writes.
    const unsigned elem = tree_.values.element_bytes();
    for (const Event& e : events_) {
      if (e.op == OpKind::GlobalStore || e.op == OpKind::GlobalAtomic) writes_buffer_[e.buffer] = true;
      if (e.op == OpKind::GlobalStore && role_[e.buffer] != BufferRole::Output && elem) {
        std::optional<std::uint64_t>& base = in_place_base_[e.buffer];
        base = std::min<std::uint64_t>(base.value_or(~std::uint64_t(0)), e.address / elem);
        tree_.global_slots = true;
      }
    }
  }

  TreeModel build() {
    if (events_.empty()) return std::move(tree_);
    size_rows();
    choose_versions();
    for (auto& [step, row] : shown_)
      for (auto& [position, s] : row) sources_[s.version] = sources_of(s.version, step);
    // Latest step first: passing through a kept register's sources can keep an earlier one.
    for (auto at = kept_.rbegin(); at != kept_.rend(); ++at) {
      std::vector<Ref>& refs = kept_sources_[at->first];
      for (const auto& [version, kind] : at->second) {
        passed_.clear();
        add_source(version, at->first.first, kind, refs);
      }
    }
    emit_input_row();
    for (const auto& [step, row] : shown_) emit_step_row(step);
    mark_contributions();
    return std::move(tree_);
  }

 private:
  void size_rows() {
    const unsigned elem = tree_.values.element_bytes();
    std::uint32_t width = tree_.block_dim;
    for (const Event& e : events_) {
      if (is_shared_access(e.op)) width = std::max(width, e.address / elem + 1);
      if (e.op == OpKind::GlobalStore && in_place_base_[e.buffer])
        width = std::max<std::uint32_t>(width, std::uint32_t(e.address / elem - *in_place_base_[e.buffer] + 1));
      width = std::max<std::uint32_t>(width, e.thread + 1u);
      shown_[e.step];  // every step of the block is a row, even one that writes nothing
    }
    tree_.width = width;
  }

  bool in_block(const DataflowNode& n) const {
    return n.kind == DataflowNodeKind::Written && n.launch == launch_ && n.block == block_;
  }

  // Where a version of this block stands in the tree, if anywhere.
  std::optional<Shown> place(std::uint32_t version, std::uint32_t& position) const {
    const DataflowNode& n = graph_.nodes[version];
    switch (n.space) {
      case DataflowSpace::Shared: position = n.index; return Shown{version, NodeKind::Slot};
      case DataflowSpace::Register: position = n.index; return Shown{version, NodeKind::Register};
      case DataflowSpace::Global:
        if (const std::optional<std::uint64_t>& base = in_place_base_[n.buffer]; base && n.index >= *base) {
          position = std::uint32_t(n.index - *base);
          return Shown{version, NodeKind::Slot};
        }
        if (role_[n.buffer] != BufferRole::Output || n.thread < 0) return std::nullopt;
        position = std::uint32_t(n.thread);
        return Shown{version, NodeKind::Result};
    }
    return std::nullopt;
  }

  // Each (step, position) shows its step's last version there, a slot or result before a register.
  void choose_versions() {
    for (std::uint32_t i = 0; i < graph_.nodes.size(); ++i) {
      if (!in_block(graph_.nodes[i])) continue;
      std::uint32_t position = 0;
      const std::optional<Shown> s = place(i, position);
      auto row = shown_.find(graph_.nodes[i].step);
      if (!s || position >= tree_.width || row == shown_.end()) continue;
      auto [it, fresh] = row->second.try_emplace(position, *s);
      if (!fresh && !(s->kind == NodeKind::Register && it->second.kind != NodeKind::Register)) it->second = *s;
    }
    for (const auto& [step, row] : shown_)
      for (const auto& [position, s] : row) is_shown_.insert(s.version);
  }

  // The tree sources of `version`, written in `step` (see the header).
  std::vector<Ref> sources_of(std::uint32_t version, StepId step) {
    std::vector<Ref> out;
    passed_.clear();
    passed_.insert(version);
    add_edges_into(version, step, false, out);
    return out;
  }

  void add_edges_into(std::uint32_t version, StepId step, bool via_lane, std::vector<Ref>& out) {
    const DataflowNode& to = graph_.nodes[version];
    const std::int32_t writer = to.thread;
    auto [first, last] = graph_.edges_into(version);
    const std::vector<const DataflowEdge*> lanes_values =
        to.space == DataflowSpace::Register ? shuffled_values(first, last, to) : std::vector<const DataflowEdge*>{};
    for (const DataflowEdge* e = first; e != last; ++e) {
      // An atomic also reads what the address held: a chain the dataflow view draws; a tree
      // shows what each thread added.
      if (e->kind == DataflowEdgeKind::Atomic && e->from == to.previous) continue;
      if (to.space == DataflowSpace::Register &&
          std::find(lanes_values.begin(), lanes_values.end(), e) == lanes_values.end())
        continue;
      const bool lane = via_lane || std::int32_t(e->holder) != writer;
      const EdgeKind kind = e->racy ? EdgeKind::Racy : lane ? EdgeKind::Shuffle : EdgeKind::Load;
      const bool drawn_where_written = holder_wrote(*e) && is_shown_.count(e->from);
      if (e->read_step < step && !drawn_where_written && can_keep(e->read_step, e->holder)) {
        kept_[{e->read_step, e->holder}].emplace(e->from, e->racy ? EdgeKind::Racy : EdgeKind::Load);
        out.push_back({Ref::Kind::Kept, e->read_step, e->holder, lane ? EdgeKind::Shuffle : EdgeKind::Load});
      } else {
        add_source(e->from, step, kind, out, lane);
      }
    }
  }

  // A shuffle's sources, as the graph gives them, are all a lane had: its register and what it
  // loaded since. A reduction's lane sends a part of that: `v = load` or `v = identity` drops
  // the register, and a flag it loaded and branched on is no value. The tree, which knows the
  // operator, keeps for each lane the first part whose combined value is the one it sent: every
  // load, the loads of its latest step, the register, one source alone, else nothing (a
  // constant). Values only drop candidates here; they never make an edge.
  std::vector<const DataflowEdge*> shuffled_values(const DataflowEdge* first, const DataflowEdge* last,
                                                   const DataflowNode& to) const {
    std::vector<const DataflowEdge*> kept;
    for (const bool own : {true, false}) {
      std::vector<const DataflowEdge*> loads, latest_loads, held;
      StepId latest = 0;
      for (const DataflowEdge* e = first; e != last; ++e) {
        if ((std::int32_t(e->holder) == to.thread) != own) continue;
        (holder_wrote(*e) ? held : loads).push_back(e);
        if (!holder_wrote(*e)) latest = std::max(latest, e->read_step);
      }
      for (const DataflowEdge* e : loads)
        if (e->read_step == latest) latest_loads.push_back(e);
      std::vector<std::vector<const DataflowEdge*>> parts{loads, latest_loads, held};
      for (const DataflowEdge* e : held) parts.push_back({e});
      for (const DataflowEdge* e : loads) parts.push_back({e});
      const std::uint64_t sent = own ? to.sent : to.bits;
      for (const auto& part : parts)
        if (!part.empty() && combined(part) == sent) {
          kept.insert(kept.end(), part.begin(), part.end());
          break;
        }
    }
    return kept;
  }

  std::uint64_t combined(const std::vector<const DataflowEdge*>& edges) const {
    std::uint64_t v = tree_.values.identity();
    for (const DataflowEdge* e : edges) v = tree_.values.apply(v, value_of(graph_.nodes[e->from]));
    return v;
  }

  // The value a version leaves in its location: a shuffle's register combines what it sent.
  std::uint64_t value_of(const DataflowNode& n) const {
    return n.space == DataflowSpace::Register ? tree_.values.apply(n.sent, n.bits) : n.bits;
  }

  // Whether the holder took the source by writing it (a store or a shuffle), not by a load.
  bool holder_wrote(const DataflowEdge& e) const {
    const DataflowNode& n = graph_.nodes[e.from];
    return in_block(n) && n.thread == e.holder && n.step == e.read_step;
  }

  // A kept register is drawn where its step wrote nothing else at the holder's position.
  bool can_keep(StepId step, std::uint16_t holder) const {
    auto row = shown_.find(step);
    return row != shown_.end() && holder < tree_.width && !row->second.count(holder);
  }

  // A version read as the value of `step`: one written in the same step passes its sources on.
  void add_source(std::uint32_t from, StepId step, EdgeKind kind, std::vector<Ref>& out, bool via_lane = false) {
    const DataflowNode& n = graph_.nodes[from];
    if (in_block(n)) {
      if (n.step == step) {
        if (passed_.insert(from).second) add_edges_into(from, step, via_lane, out);
      } else if (is_shown_.count(from)) {
        out.push_back({Ref::Kind::Version, from, 0, kind});
      }
      return;
    }
    // The values a block starts from: a buffer it never writes, or what an in-place buffer held
    // before the block wrote it.
    if (n.space == DataflowSpace::Global && (!writes_buffer_[n.buffer] || in_place_base_[n.buffer])) {
      out.push_back({Ref::Kind::Input, n.buffer, n.index, kind});
      input_bits_.emplace(std::make_pair(std::uint32_t(n.buffer), n.index), n.bits);
    }
  }

  // --- emitting rows

  void emit_input_row() {
    if (input_bits_.empty()) return;
    TreeRow row;
    row.step = kInputRowStep;
    row.label = "input";
    row.first_node = std::uint32_t(tree_.nodes.size());
    std::uint32_t rank = 0;
    for (const auto& [element, bits] : input_bits_) {
      TreeNode n;
      n.position = rank++;
      n.row = 0;
      n.kind = NodeKind::Input;
      n.bits = bits;
      node_of_input_[element] = std::uint32_t(tree_.nodes.size());
      tree_.nodes.push_back(n);
    }
    row.node_count = rank;
    tree_.rows.push_back(row);
    snap_.assign(tree_.width, kNoNode);
  }

  void emit_step_row(StepId step) {
    if (snap_.empty()) snap_.assign(tree_.width, kNoNode);
    TreeRow row;
    row.step = step;
    row.label = step_name(step);
    row.first_node = std::uint32_t(tree_.nodes.size());
    row.first_edge = std::uint32_t(tree_.edges.size());
    const auto row_index = std::uint16_t(tree_.rows.size());
    const std::map<std::uint32_t, Shown>& shown = shown_[step];
    std::vector<bool> writers(tree_.width, false);
    std::vector<std::uint32_t> next(tree_.width, kNoNode);
    for (std::uint32_t pos = 0; pos < tree_.width; ++pos) {
      auto s = shown.find(pos);
      auto kept = kept_sources_.find({step, std::uint16_t(pos)});
      const bool written = s != shown.end() || kept != kept_sources_.end();
      if (!written && snap_[pos] == kNoNode) continue;
      TreeNode n;
      n.position = pos;
      n.row = row_index;
      const auto index = std::uint32_t(tree_.nodes.size());
      const std::vector<Ref>* sources = nullptr;
      if (s != shown.end()) {
        const DataflowNode& v = graph_.nodes[s->second.version];
        n.kind = s->second.kind;
        n.bits = value_of(v);
        n.thread = v.thread;
        sources = &sources_[s->second.version];
        node_of_version_[s->second.version] = index;
      } else if (kept != kept_sources_.end()) {
        n.kind = NodeKind::Register;
        n.thread = std::int32_t(pos);
        n.bits = kept_value(kept_[{step, std::uint16_t(pos)}]);
        sources = &kept->second;
        node_of_kept_[{step, std::uint16_t(pos)}] = index;
      } else {
        const TreeNode& above = tree_.nodes[snap_[pos]];
        n.kind = above.kind == NodeKind::Result ? NodeKind::Slot : above.kind;
        n.bits = above.bits;
        n.carried_from = snap_[pos];
      }
      if (written) {
        n.written = true;
        if (n.thread >= 0 && std::uint32_t(n.thread) < tree_.width) writers[std::size_t(n.thread)] = true;
        ++row.written;
        add_tree_edges(index, std::uint16_t(n.thread), *sources);
      }
      tree_.nodes.push_back(n);
      next[pos] = index;
    }
    row.node_count = std::uint32_t(tree_.nodes.size()) - row.first_node;
    row.edge_count = std::uint32_t(tree_.edges.size()) - row.first_edge;
    row.active_threads = std::uint32_t(std::count(writers.begin(), writers.end(), true));
    tree_.rows.push_back(row);
    snap_ = std::move(next);
  }

  // What a register holds after loading these versions: their values combined.
  std::uint64_t kept_value(const Kept& kept) const {
    std::uint64_t v = tree_.values.identity();
    for (const auto& [version, kind] : kept) v = tree_.values.apply(v, graph_.nodes[version].bits);
    return v;
  }

  void add_tree_edges(std::uint32_t to, std::uint16_t thread, const std::vector<Ref>& sources) {
    std::vector<TreeEdge> edges;
    for (const Ref& r : sources) {
      const std::uint32_t from = tree_node(r);
      if (from != kNoNode) edges.push_back({from, to, thread, r.edge});
    }
    std::stable_sort(edges.begin(), edges.end(), [](const TreeEdge& a, const TreeEdge& b) { return a.from < b.from; });
    edges.erase(std::unique(edges.begin(), edges.end(), [](const TreeEdge& a, const TreeEdge& b) { return a.from == b.from; }),
                edges.end());
    tree_.edges.insert(tree_.edges.end(), edges.begin(), edges.end());
  }

  // The node an edge starts from: the source's own node, or the one that carries it down to the
  // row above (a racy read of an older value starts where that value was written).
  std::uint32_t tree_node(const Ref& r) const {
    std::uint32_t node = kNoNode;
    std::uint32_t position = 0;
    switch (r.kind) {
      case Ref::Kind::Input: {
        auto it = node_of_input_.find({r.a, r.b});
        return it == node_of_input_.end() ? kNoNode : it->second;
      }
      case Ref::Kind::Version: {
        auto it = node_of_version_.find(r.a);
        if (it == node_of_version_.end()) return kNoNode;
        node = it->second;
        break;
      }
      case Ref::Kind::Kept: {
        auto it = node_of_kept_.find({StepId(r.a), std::uint16_t(r.b)});
        if (it == node_of_kept_.end()) return kNoNode;
        node = it->second;
        break;
      }
    }
    position = tree_.nodes[node].position;
    if (r.edge == EdgeKind::Racy || position >= snap_.size()) return node;
    for (std::uint32_t above = snap_[position]; above != kNoNode; above = tree_.nodes[above].carried_from)
      if (above == node) return snap_[position];
    return node;
  }

  // Walks back from the block's results (or, without any, the last row's written nodes).
  void mark_contributions() {
    bool any_result = false;
    for (TreeNode& n : tree_.nodes)
      if (n.kind == NodeKind::Result && n.written) n.contributes = any_result = true;
    if (!any_result && !tree_.rows.empty()) {
      const TreeRow& last = tree_.rows.back();
      for (std::uint32_t i = 0; i < last.node_count; ++i) {
        TreeNode& n = tree_.nodes[last.first_node + i];
        if (n.written) n.contributes = true;
      }
    }
    for (std::size_t r = tree_.rows.size(); r-- > 0;) {
      const TreeRow& row = tree_.rows[r];
      for (std::uint32_t i = 0; i < row.node_count; ++i) {
        const TreeNode& n = tree_.nodes[row.first_node + i];
        if (n.contributes && n.carried_from != kNoNode) tree_.nodes[n.carried_from].contributes = true;
      }
      for (std::uint32_t i = 0; i < row.edge_count; ++i) {
        const TreeEdge& e = tree_.edges[row.first_edge + i];
        if (tree_.nodes[e.to].contributes) tree_.nodes[e.from].contributes = true;
      }
    }
  }

  const DataflowGraph& graph_;
  const BlockEvents& events_;
  const std::uint16_t launch_;
  const std::uint32_t block_;
  TreeModel tree_;
  std::array<std::optional<BufferRole>, 256> role_{};  // by BufferId; empty: no such buffer
  std::array<bool, 256> writes_buffer_{};              // by BufferId: stored to by this block
  std::array<std::optional<std::uint64_t>, 256> in_place_base_{};  // by BufferId: its first slot's element
  std::map<StepId, std::map<std::uint32_t, Shown>> shown_;  // step → position → version
  std::set<std::uint32_t> is_shown_;
  std::map<std::uint32_t, std::vector<Ref>> sources_;         // shown version → its sources
  std::map<std::pair<StepId, std::uint16_t>, Kept> kept_;     // (step, thread) → versions loaded
  std::map<std::pair<StepId, std::uint16_t>, std::vector<Ref>> kept_sources_;
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint64_t> input_bits_;  // (buffer, element)
  std::set<std::uint32_t> passed_;  // same-step versions already passed through
  // Tree nodes, once emitted.
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> node_of_input_;
  std::map<std::uint32_t, std::uint32_t> node_of_version_;
  std::map<std::pair<StepId, std::uint16_t>, std::uint32_t> node_of_kept_;
  std::vector<std::uint32_t> snap_;  // position → node in the last row
};

}  // namespace

int TreeModel::row_of_step(std::uint16_t step) const {
  for (std::size_t r = 0; r < rows.size(); ++r)
    if (rows[r].step == step) return int(r);
  return -1;
}

const TreeNode* TreeModel::node_at(std::size_t row, std::uint32_t position) const {
  if (row >= rows.size()) return nullptr;
  const TreeRow& r = rows[row];
  const TreeNode* first = nodes.data() + r.first_node;
  const TreeNode* last = first + r.node_count;
  const TreeNode* it = std::lower_bound(first, last, position,
                                        [](const TreeNode& n, std::uint32_t p) { return n.position < p; });
  return it != last && it->position == position ? it : nullptr;
}

TreeModel build_tree(const DataflowGraph& graph, const BlockEvents& events, std::uint16_t launch,
                     std::uint32_t block, std::uint32_t block_dim, const std::vector<BufferRecord>& buffers,
                     const ValueOps& values) {
  return Builder(graph, events, launch, block, block_dim, buffers, values).build();
}

LevelHighlight level_highlight(const TreeModel& tree, std::uint16_t step) {
  LevelHighlight h;
  h.row = tree.row_of_step(step);
  if (h.row < 0) return h;
  const TreeRow& row = tree.rows[std::size_t(h.row)];
  for (std::uint32_t i = 0; i < row.node_count; ++i)
    if (tree.nodes[row.first_node + i].written) h.outputs.push_back(row.first_node + i);
  for (std::uint32_t i = 0; i < row.edge_count; ++i) h.inputs.push_back(tree.edges[row.first_edge + i].from);
  std::sort(h.inputs.begin(), h.inputs.end());
  h.inputs.erase(std::unique(h.inputs.begin(), h.inputs.end()), h.inputs.end());
  return h;
}

}  // namespace wl
