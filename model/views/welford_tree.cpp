#include "model/views/welford_tree.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "core/bits.h"
#include "core/row_norms.h"
#include "model/views/trace_views.h"

namespace wl {
namespace {

// What one thread of the block did that the tree is made of, each list in the thread's order.
struct ThreadEvents {
  std::vector<double> inputs;                    // the input values it loaded in the load step
  std::vector<const Event*> leaf_stores;         // shared stores in the load step: its own triple
  std::map<unsigned, std::vector<const Event*>> loads, stores;  // tree level -> shared loads, stores
};

struct Exact {
  std::uint64_t n = 0;
  double mean = 0, m2 = 0;
};

// Two passes in f64: no cancellation to speak of.
Exact exact_of(const std::vector<double>& xs) {
  Exact e;
  e.n = xs.size();
  if (xs.empty()) return e;
  for (double x : xs) e.mean += x;
  e.mean /= double(e.n);
  for (double x : xs) e.m2 += (x - e.mean) * (x - e.mean);
  return e;
}

// Chan et al.'s merge, in f64.
Exact merge(const Exact& a, const Exact& b) {
  Exact e;
  e.n = a.n + b.n;
  if (e.n == 0) return e;
  const double delta = b.mean - a.mean;
  e.mean = a.mean + delta * double(b.n) / double(e.n);
  e.m2 = a.m2 + b.m2 + delta * delta * double(a.n) * double(b.n) / double(e.n);
  return e;
}

float stored(const Event* e) { return from_bits<float>(e->value[0]); }

WelfordNode node_of(const std::vector<const Event*>& triple, unsigned thread, const Exact& exact) {
  WelfordNode n;
  n.thread = thread;
  n.n = stored(triple[0]);
  n.mean = stored(triple[1]);
  n.m2 = stored(triple[2]);
  n.values = exact.n;
  n.exact_mean = exact.mean;
  n.exact_m2 = exact.m2;
  return n;
}

Exact exact_of(const WelfordNode& n) { return {n.values, n.exact_mean, n.exact_m2}; }

WelfordRow build_row(std::uint32_t block, std::map<std::uint16_t, ThreadEvents>& threads, unsigned block_dim,
                     std::uint64_t cols) {
  WelfordRow row;
  row.row = block;
  auto fail = [&](const std::string& why) {
    row.problem = "row " + std::to_string(block) + ": " + why;
    row.levels.clear();
    return row;
  };
  std::vector<double> all;
  std::vector<WelfordNode> leaves;
  for (unsigned t = 0; t < block_dim; ++t) {
    ThreadEvents& te = threads[std::uint16_t(t)];
    if (te.leaf_stores.size() != 3)
      return fail("thread " + std::to_string(t) + " stored " + std::to_string(te.leaf_stores.size()) +
                  " values to shared memory after its read, not a triple (count, mean, M2)");
    leaves.push_back(node_of(te.leaf_stores, t, exact_of(te.inputs)));
    all.insert(all.end(), te.inputs.begin(), te.inputs.end());
  }
  row.levels.push_back(std::move(leaves));
  std::vector<int> current(block_dim);  // each slot's latest node, in the level below
  for (unsigned t = 0; t < block_dim; ++t) current[t] = int(t);
  std::vector<unsigned> levels;
  for (auto& [t, te] : threads)
    for (auto& [level, s] : te.stores) levels.push_back(level);
  std::sort(levels.begin(), levels.end());
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
  for (unsigned level : levels) {
    const std::vector<WelfordNode>& below = row.levels.back();
    std::vector<WelfordNode> merged;
    std::vector<int> next(block_dim, -1);  // a slot no thread merged into is read no more
    for (auto& [t, te] : threads) {
      const auto s = te.stores.find(level);
      if (s == te.stores.end()) continue;
      const std::vector<const Event*>& loads = te.loads[level];
      if (s->second.size() != 3 || loads.size() < 4 || t >= block_dim)
        return fail("thread " + std::to_string(t) + " at tree level " + std::to_string(level) +
                    " did not load two triples and store one");
      // Its loads are its own count, mean, M2, then its partner's: the fourth read the partner's count.
      const std::int64_t slots = (std::int64_t(loads[3]->address) - std::int64_t(loads[0]->address)) / 4;
      const std::int64_t partner = std::int64_t(t) + slots;
      if (slots <= 0 || partner >= std::int64_t(block_dim))
        return fail("thread " + std::to_string(t) + " at tree level " + std::to_string(level) +
                    " read no other thread's count");
      const int left = current[t], right = current[std::size_t(partner)];
      if (left < 0 || right < 0)
        return fail("thread " + std::to_string(t) + " at tree level " + std::to_string(level) +
                    " merged a slot the level below did not write");
      WelfordNode n = node_of(s->second, t, merge(exact_of(below[std::size_t(left)]), exact_of(below[std::size_t(right)])));
      n.partner = unsigned(partner);
      n.left = left;
      n.right = right;
      next[t] = int(merged.size());
      merged.push_back(n);
    }
    row.levels.push_back(std::move(merged));
    current = next;
  }
  const WelfordNode& root = row.levels.back().front();
  if (root.thread != 0) return fail("the tree does not end in thread 0's slot");
  row.mean = root.mean;
  row.variance = root.m2 / float(cols);
  const Exact reference = exact_of(all);
  row.reference_mean = reference.mean;
  row.reference_variance = cols ? reference.m2 / double(cols) : 0;
  return row;
}

}  // namespace

bool fits_welford_tree(const Trace& whole) {
  const std::optional<RowOp> op = parse_row_op(whole.meta.op);
  if (!op || *op == RowOp::Softmax || whole.events.empty()) return false;
  // The first recorded block of launch 0: each thread's shared stores, at the load step and at
  // each level. Events are in canonical order: blocks ascending.
  const std::uint32_t block = whole.events.front().block;
  std::map<std::uint16_t, unsigned> leaves;
  std::map<std::pair<StepId, std::uint16_t>, unsigned> merges;
  for (const Event& e : whole.events) {
    if (e.launch != 0 || e.block != block || e.op != OpKind::SharedStore) continue;
    if (e.step == kLoadStep) ++leaves[e.thread];
    else if (step_kind(e.step) == StepKind::Level) ++merges[{e.step, e.thread}];
  }
  auto triples = [](const auto& stores) {
    return !stores.empty() && std::all_of(stores.begin(), stores.end(), [](const auto& s) { return s.second == 3; });
  };
  return triples(leaves) && triples(merges);
}

WelfordTree build_welford_tree(const Trace& whole) {
  WelfordTree out;
  const TraceMeta& meta = whole.meta;
  const auto cols = meta.params.find("cols");
  out.cols = cols == meta.params.end() ? kDefaultRowCols : cols->second;
  BufferId input = kNoBuffer;
  for (const BufferRecord& b : meta.buffers)
    if (b.name == "input") input = b.id;
  const unsigned block_dim = meta.launches.empty() ? meta.block_dim : meta.launches.front().block_dim;

  std::vector<const Event*> order;
  for (const Event& e : whole.events)
    if (e.launch == 0) order.push_back(&e);
  std::sort(order.begin(), order.end(), [](const Event* a, const Event* b) {
    return std::tie(a->block, a->thread, a->seq) < std::tie(b->block, b->thread, b->seq);
  });
  std::map<std::uint32_t, std::map<std::uint16_t, ThreadEvents>> blocks;
  for (const Event* e : order) {
    ThreadEvents& te = blocks[e->block][e->thread];
    if (e->step == kLoadStep) {
      if (e->op == OpKind::GlobalLoad && e->buffer == input && e->size == 4) te.inputs.push_back(from_bits<float>(e->value[0]));
      if (e->op == OpKind::SharedStore) te.leaf_stores.push_back(e);
    } else if (step_kind(e->step) == StepKind::Level) {
      if (e->op == OpKind::SharedLoad) te.loads[step_index(e->step)].push_back(e);
      if (e->op == OpKind::SharedStore) te.stores[step_index(e->step)].push_back(e);
    }
  }
  for (auto& [block, threads] : blocks) {
    WelfordRow row = build_row(block, threads, block_dim, out.cols);
    if (!row.problem.empty() && out.note.empty()) out.note = row.problem;
    if (row.problem.empty()) out.rows.push_back(std::move(row));
  }
  if (out.rows.empty() && out.note.empty()) out.note = "The trace holds no recorded block of a one-read norm.";
  return out;
}

const ViewDecl& welford_tree_view() {
  static const ViewDecl view{"welford-tree", "Welford tree", true, -1, kGivesRows, fits_welford_tree,
                             model_of_whole<build_welford_tree>};
  return view;
}

const WelfordRow* welford_row(const WelfordTree& tree, std::uint64_t block) {
  const auto at = std::lower_bound(tree.rows.begin(), tree.rows.end(), block,
                                   [](const WelfordRow& r, std::uint64_t b) { return r.row < b; });
  return at != tree.rows.end() && at->row == block ? &*at : nullptr;
}

}  // namespace wl
