#include "model/views/tree_model.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <unordered_map>

#include "trace/event_info.h"

namespace wl {
namespace {

struct Ref {
  std::uint32_t node;
  EdgeKind kind;
};

// A value a thread read: its element bits (a 16-byte load holds several) and where it came from.
struct Load {
  std::vector<Ref> refs;
  std::vector<std::uint64_t> bits;
};

// A value written during the step being built; it becomes a node if nothing overwrites it.
struct Version {
  std::uint32_t position;
  NodeKind kind;
  std::uint16_t thread;
  unsigned epoch;
  std::uint64_t bits;
  std::vector<Ref> inputs;
};

struct ThreadState {
  std::vector<Load> loads;  // read since the last write
  bool reg_dirty = false;   // a shuffle changed the register this step
  std::uint64_t reg_bits = 0;
  std::vector<Ref> reg_inputs;
};

// What a lane is about to send in a shuffle: resolved before any lane of the round receives.
struct Send {
  bool valid = false;
  std::uint64_t bits = 0;
  std::vector<Ref> refs;
};

bool is_value_write(OpKind op) {
  return op == OpKind::SharedStore || op == OpKind::GlobalStore || op == OpKind::GlobalAtomic ||
         op == OpKind::Shuffle;
}

class Builder {
 public:
  Builder(const BlockEvents& events, std::uint32_t block, std::uint32_t block_dim,
          const std::vector<BufferRecord>& buffers, const ValueOps& values)
      : events_(events) {
    tree_.block = block;
    tree_.block_dim = block_dim;
    tree_.values = values;
    elem_ = values.element_bytes();
    for (const BufferRecord& b : buffers) role_[b.id] = b.role;
    // A buffer this block only reads is its input: the run's input in a first launch, the
    // partials an earlier launch wrote in a later one.
    for (const Event& e : events_)
      if (e.op == OpKind::GlobalStore || e.op == OpKind::GlobalAtomic) written_[e.buffer] = true;
  }

  TreeModel build() {
    if (events_.empty()) return std::move(tree_);
    size_positions();
    group_by_step();
    add_input_row();
    for (auto& [step, threads] : per_step_) add_step_row(step, threads);
    mark_contributions();
    return std::move(tree_);
  }

 private:
  bool reads_input(const Event& e) const {
    return e.op == OpKind::GlobalLoad && (role_[e.buffer] == BufferRole::Input || !written_[e.buffer]);
  }
  bool is_result_buffer(BufferId b) const { return role_[b] == BufferRole::Output; }

  void size_positions() {
    std::uint32_t width = tree_.block_dim;
    for (const Event& e : events_) {
      if (is_shared_access(e.op)) width = std::max(width, e.address / elem_ + 1);
      width = std::max<std::uint32_t>(width, e.thread + 1u);
    }
    tree_.width = width;
    snap_.assign(width, kNoNode);
    history_.assign(width, {});
  }

  void group_by_step() {
    for (const Event& e : events_) {
      auto& threads = per_step_[e.step];
      if (threads.empty()) threads.resize(tree_.width);
      threads[e.thread].push_back(&e);
    }
    // Each thread's events in order, for looking ahead past a step.
    thread_events_.resize(tree_.width);
    for (const Event& e : events_) thread_events_[e.thread].push_back(&e);
  }

  // Element bits of an access: one per element of the launch type it covers.
  std::vector<std::uint64_t> elements(const Event& e) const {
    std::vector<std::uint64_t> out;
    const unsigned count = e.size >= elem_ ? e.size / elem_ : 1;
    for (unsigned k = 0; k < count && k * elem_ < 16; ++k) {
      const unsigned bit = k * elem_ * 8;
      std::uint64_t word = e.value[bit / 64] >> (bit % 64);
      if (elem_ < 8) word &= (std::uint64_t(1) << (elem_ * 8)) - 1;
      out.push_back(word);
    }
    return out;
  }

  std::uint64_t fold(const std::vector<Load>& loads) const {
    std::uint64_t v = tree_.values.identity();
    for (const Load& l : loads)
      for (std::uint64_t b : l.bits) v = tree_.values.apply(v, b);
    return v;
  }

  static std::vector<Ref> refs_of(const std::vector<Load>& loads) {
    std::vector<Ref> refs;
    for (const Load& l : loads) refs.insert(refs.end(), l.refs.begin(), l.refs.end());
    return refs;
  }

  void add_input_row() {
    std::vector<std::uint32_t> addresses;
    for (const Event& e : events_)
      if (reads_input(e))
        for (unsigned k = 0; k < std::max(1u, e.size / elem_); ++k) addresses.push_back(e.address + k * elem_);
    if (addresses.empty()) return;
    std::sort(addresses.begin(), addresses.end());
    addresses.erase(std::unique(addresses.begin(), addresses.end()), addresses.end());

    TreeRow row;
    row.step = kInputRowStep;
    row.label = "input";
    row.first_node = std::uint32_t(tree_.nodes.size());
    for (std::uint32_t rank = 0; rank < addresses.size(); ++rank) {
      TreeNode n;
      n.position = rank;
      n.row = 0;
      n.kind = NodeKind::Input;
      input_node_[addresses[rank]] = std::uint32_t(tree_.nodes.size());
      tree_.nodes.push_back(n);
    }
    row.node_count = std::uint32_t(addresses.size());
    // Values: whatever was loaded from each address (the first load tells).
    for (const Event& e : events_)
      if (reads_input(e)) {
        const std::vector<std::uint64_t> bits = elements(e);
        for (unsigned k = 0; k < bits.size(); ++k) tree_.nodes[input_node_[e.address + k * elem_]].bits = bits[k];
      }
    tree_.rows.push_back(row);
  }

  // --- one step ---

  void add_step_row(std::uint16_t step, const std::vector<std::vector<const Event*>>& threads) {
    const std::uint16_t row_index = std::uint16_t(tree_.rows.size());
    step_versions_.assign(tree_.width, {});
    states_.assign(tree_.width, {});

    // Split each thread's events into epochs (barriers) and, within one, rounds (shuffles).
    std::vector<std::vector<std::vector<std::vector<const Event*>>>> parts(threads.size());
    std::size_t epochs = 0, rounds = 0;
    for (std::size_t t = 0; t < threads.size(); ++t) {
      auto& p = parts[t];
      p.emplace_back(1);
      for (const Event* e : threads[t]) {
        p.back().back().push_back(e);
        if (e->op == OpKind::Shuffle) p.back().emplace_back();
        if (e->op == OpKind::Barrier) p.emplace_back(1);
      }
      epochs = std::max(epochs, p.size());
      for (auto& ep : p) rounds = std::max(rounds, ep.size());
    }

    std::vector<Send> sends(threads.size());
    for (unsigned epoch = 0; epoch < epochs; ++epoch) {
      for (std::size_t round = 0; round < rounds; ++round) {
        std::vector<const Event*> shuffles(threads.size(), nullptr);
        for (std::size_t t = 0; t < threads.size(); ++t) {
          if (epoch >= parts[t].size() || round >= parts[t][epoch].size()) continue;
          for (const Event* e : parts[t][epoch][round]) {
            if (e->op == OpKind::Shuffle) {
              shuffles[t] = e;
              sends[t] = resolve_send(std::uint16_t(t), *e);
            } else {
              apply_event(std::uint16_t(t), epoch, *e);
            }
          }
        }
        for (std::size_t t = 0; t < threads.size(); ++t)
          if (shuffles[t]) receive(std::uint16_t(t), *shuffles[t], sends);
      }
    }
    for (std::size_t t = 0; t < threads.size(); ++t) finish_thread(std::uint16_t(t), step, unsigned(epochs));
    emit_row(step, row_index);
  }

  void apply_event(std::uint16_t t, unsigned epoch, const Event& e) {
    ThreadState& s = states_[t];
    switch (e.op) {
      case OpKind::GlobalLoad: {
        Load l;
        l.bits = elements(e);
        if (reads_input(e))
          for (unsigned k = 0; k < l.bits.size(); ++k) {
            auto it = input_node_.find(e.address + k * elem_);
            if (it != input_node_.end()) l.refs.push_back({it->second, EdgeKind::Load});
          }
        s.loads.push_back(std::move(l));
        break;
      }
      case OpKind::SharedLoad: {
        Load l;
        l.bits = elements(e);
        l.refs = resolve_shared_read(t, epoch, e.address / elem_, l.bits.front());
        s.loads.push_back(std::move(l));
        break;
      }
      case OpKind::SharedStore:
        write(t, epoch, e.address / elem_, NodeKind::Slot, elements(e).front());
        break;
      case OpKind::GlobalStore:
      case OpKind::GlobalAtomic:
        if (is_result_buffer(e.buffer)) write(t, epoch, t, NodeKind::Result, elements(e).front());
        break;
      default:
        break;  // branches, barriers, votes, fences: no values move
    }
  }

  // Where the value a thread read from slot `pos` came from (see the header).
  std::vector<Ref> resolve_shared_read(std::uint16_t t, unsigned epoch, std::uint32_t pos, std::uint64_t bits) const {
    if (pos >= tree_.width) return {};
    const auto& versions = step_versions_[pos];
    for (auto it = versions.rbegin(); it != versions.rend(); ++it)
      if ((it->epoch < epoch || it->thread == t) && it->bits == bits) return it->inputs;
    if (snap_[pos] != kNoNode && tree_.nodes[snap_[pos]].bits == bits) return {{snap_[pos], EdgeKind::Load}};
    for (auto it = versions.rbegin(); it != versions.rend(); ++it)
      if (it->bits == bits) {
        std::vector<Ref> racy = it->inputs;
        for (Ref& r : racy) r.kind = EdgeKind::Racy;
        return racy;
      }
    const auto& older = history_[pos];
    for (auto it = older.rbegin(); it != older.rend(); ++it)
      if (*it != snap_[pos] && tree_.nodes[*it].bits == bits) return {{*it, EdgeKind::Racy}};
    return {};
  }

  // The inputs of a value a thread writes: the loads it folds, else its register.
  void write(std::uint16_t t, unsigned epoch, std::uint32_t pos, NodeKind kind, std::uint64_t bits) {
    if (pos >= tree_.width) return;
    ThreadState& s = states_[t];
    std::vector<Ref> inputs;
    if (!s.loads.empty() && fold(s.loads) == bits) {
      inputs = refs_of(s.loads);
    } else if (s.reg_dirty && s.reg_bits == bits) {
      inputs = s.reg_inputs;
    } else if (snap_[t] != kNoNode && tree_.nodes[snap_[t]].bits == bits) {
      inputs = {{snap_[t], EdgeKind::Load}};  // a value kept in the register since an earlier step
    }
    s.loads.clear();
    step_versions_[pos].push_back({pos, kind, t, epoch, bits, std::move(inputs)});
  }

  Send resolve_send(std::uint16_t t, const Event& e) {
    ThreadState& s = states_[t];
    const std::uint64_t sent = elements(e).front();
    Send out;
    out.valid = true;
    out.bits = sent;
    if (!s.loads.empty() && fold(s.loads) == sent) {
      out.refs = refs_of(s.loads);
      s.loads.clear();
    } else if (s.reg_dirty && s.reg_bits == sent) {
      out.refs = s.reg_inputs;
    } else if (snap_[t] != kNoNode && tree_.nodes[snap_[t]].bits == sent) {
      out.refs = {{snap_[t], EdgeKind::Load}};
    }
    return out;
  }

  void receive(std::uint16_t t, const Event& e, const std::vector<Send>& sends) {
    ThreadState& s = states_[t];
    const unsigned lane = t % kWarpSize;
    const std::uint32_t src = (t / kWarpSize) * kWarpSize + (e.aux % kWarpSize);
    const std::uint64_t received = e.value[1] & (elem_ < 8 ? (std::uint64_t(1) << (elem_ * 8)) - 1 : ~0ull);
    std::vector<Ref> inputs = sends[t].refs;
    if (e.aux % kWarpSize != lane && src < sends.size() && sends[src].valid && sends[src].bits == received)
      for (Ref r : sends[src].refs) {
        if (r.kind != EdgeKind::Racy) r.kind = EdgeKind::Shuffle;
        inputs.push_back(r);
      }
    s.reg_dirty = true;
    s.reg_bits = tree_.values.apply(sends[t].bits, received);
    s.reg_inputs = std::move(inputs);
  }

  // Loads no write consumed become the register's value, if a later event shows the thread
  // kept it (else it was a flag or a value thrown away, and drawing it would mislead).
  void finish_thread(std::uint16_t t, std::uint16_t step, unsigned epochs) {
    ThreadState& s = states_[t];
    if (!s.loads.empty()) {
      const std::uint64_t bits = fold(s.loads);
      if (later_write_uses(t, step, bits))
        step_versions_[t].push_back({t, NodeKind::Register, t, epochs, bits, refs_of(s.loads)});
    } else if (s.reg_dirty) {
      step_versions_[t].push_back({t, NodeKind::Register, t, epochs, s.reg_bits, s.reg_inputs});
    }
  }

  bool later_write_uses(std::uint16_t t, std::uint16_t step, std::uint64_t bits) const {
    for (const Event* e : thread_events_[t]) {
      if (e->step <= step || !is_value_write(e->op)) continue;
      return elements(*e).front() == bits;
    }
    return false;
  }

  void emit_row(std::uint16_t step, std::uint16_t row_index) {
    TreeRow row;
    row.step = step;
    row.label = step_name(step);
    row.first_node = std::uint32_t(tree_.nodes.size());
    row.first_edge = std::uint32_t(tree_.edges.size());
    std::vector<bool> writers(tree_.width, false);
    std::vector<std::uint32_t> next(tree_.width, kNoNode);

    for (std::uint32_t pos = 0; pos < tree_.width; ++pos) {
      const auto& versions = step_versions_[pos];
      if (versions.empty() && snap_[pos] == kNoNode) continue;
      TreeNode n;
      n.position = pos;
      n.row = row_index;
      const std::uint32_t index = std::uint32_t(tree_.nodes.size());
      if (versions.empty()) {
        const TreeNode& above = tree_.nodes[snap_[pos]];
        n.kind = above.kind == NodeKind::Result ? NodeKind::Slot : above.kind;
        n.bits = above.bits;
        n.carried_from = snap_[pos];
      } else {
        // A slot and a register can land on one position in one step (lane 0 of warp w parks
        // its total in slot w while lane w of warp 0 holds a register): the shared-memory slot
        // wins, since later loads read it.
        const Version* last_memory = nullptr;
        for (const Version& candidate : versions)
          if (candidate.kind != NodeKind::Register) last_memory = &candidate;
        const Version& v = last_memory ? *last_memory : versions.back();
        n.kind = v.kind;
        n.bits = v.bits;
        n.written = true;
        n.thread = v.thread;
        writers[v.thread] = true;
        ++row.written;
        std::vector<Ref> inputs = v.inputs;
        std::sort(inputs.begin(), inputs.end(), [](const Ref& a, const Ref& b) { return a.node < b.node; });
        inputs.erase(std::unique(inputs.begin(), inputs.end(),
                                 [](const Ref& a, const Ref& b) { return a.node == b.node; }),
                     inputs.end());
        for (const Ref& r : inputs) tree_.edges.push_back({r.node, index, v.thread, r.kind});
        history_[pos].push_back(index);
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

  const BlockEvents& events_;
  TreeModel tree_;
  unsigned elem_ = 4;
  std::array<std::optional<BufferRole>, 256> role_{};  // by BufferId; empty: no such buffer
  std::array<bool, 256> written_{};                    // by BufferId: stored to by this block
  std::map<std::uint16_t, std::vector<std::vector<const Event*>>> per_step_;
  std::vector<std::vector<const Event*>> thread_events_;
  std::unordered_map<std::uint32_t, std::uint32_t> input_node_;  // input address → node
  std::vector<std::uint32_t> snap_;                    // position → node in the last row
  std::vector<std::vector<std::uint32_t>> history_;    // position → written nodes, oldest first
  std::vector<std::vector<Version>> step_versions_;    // position → writes in this step
  std::vector<ThreadState> states_;
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

TreeModel build_tree(const BlockEvents& events, std::uint32_t block, std::uint32_t block_dim,
                     const std::vector<BufferRecord>& buffers, const ValueOps& values) {
  return Builder(events, block, block_dim, buffers, values).build();
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
