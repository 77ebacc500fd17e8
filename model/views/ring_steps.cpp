#include "model/views/ring_steps.h"

#include <algorithm>
#include <bitset>
#include <map>
#include <set>

#include "model/views/step_times.h"
#include "model/views/trace_views.h"
#include "model/views/view_registry.h"

namespace wl {
namespace {

using Mask = std::uint32_t;  // bit q: rank q's input

unsigned chunk_of(std::uint64_t i, std::uint64_t n, unsigned ranks) {
  // The chunk c with n c / K <= i < n (c + 1) / K (kernels/families/allreduce/variant.h).
  unsigned c = unsigned(std::min<std::uint64_t>(ranks - 1, (i * ranks) / std::max<std::uint64_t>(n, 1)));
  while (c + 1 < ranks && n * (c + 1) / ranks <= i) ++c;
  while (c > 0 && n * c / ranks > i) --c;
  return c;
}

// Each step's time on each rank: the slowest of the rank's recorded blocks, from its clocks.
void add_rank_times(const TraceMeta& meta, RingSteps& out) {
  if (meta.clocks.empty()) return;
  std::set<std::pair<std::uint16_t, std::uint32_t>> blocks;  // (launch, block) with clocks
  for (const WarpClock& c : meta.clocks) blocks.insert({c.launch, c.block});
  std::map<StepId, std::vector<double>> slowest;
  for (const auto& [launch, block] : blocks) {
    if (launch >= meta.launches.size() || meta.launches[launch].rank >= out.ranks) continue;
    const unsigned rank = meta.launches[launch].rank;
    for (const StepTime& t : step_times(meta, launch, block)) {
      std::vector<double>& ns = slowest[t.step];
      ns.resize(out.ranks, 0);
      ns[rank] = std::max(ns[rank], t.ns);
    }
  }
  for (RingStep& step : out.steps)
    if (auto it = slowest.find(step.step); it != slowest.end()) step.ns = it->second;
    else step.ns.assign(out.ranks, 0);
}

}  // namespace

RingSteps build_ring_steps(const Trace& whole) {
  RingSteps out;
  const TraceMeta& meta = whole.meta;
  const unsigned ranks = meta.ranks;
  if (ranks < 2 || ranks > 32 || meta.launches.empty()) return out;
  // Each rank's buffers the picture reads: its output, and any scratch buffer of the output's
  // length (recursive doubling's second buffer, written by every step but the last).
  std::vector<std::vector<const BufferRecord*>> held(ranks);
  std::vector<bool> has_output(ranks, false);
  for (const BufferRecord& b : meta.buffers)
    if (b.role == BufferRole::Output && b.rank < ranks && !has_output[b.rank]) {
      has_output[b.rank] = true;
      held[b.rank].push_back(&b);
    }
  for (unsigned r = 0; r < ranks; ++r)
    if (!has_output[r]) return out;
  out.ranks = ranks;
  out.n = held[0].front()->elements;
  for (const BufferRecord& b : meta.buffers)
    if (b.role == BufferRole::Temp && b.rank < ranks && b.elements == out.n) held[b.rank].push_back(&b);

  // Events in the order the steps ran, and within a step as they ran.
  std::vector<const Event*> order;
  for (const Event& e : whole.events) order.push_back(&e);
  std::stable_sort(order.begin(), order.end(), [](const Event* a, const Event* b) {
    return a->step != b->step ? a->step < b->step : a->time < b->time;
  });

  std::map<std::pair<BufferId, std::uint64_t>, Mask> holds;  // element -> ranks it combines
  // What a thread's register holds: the ranks of the loads since the last store that was followed
  // by a load. A store does not spend it: two-shot stores one combined value into every rank.
  struct Register {
    Mask mask = 0;
    bool stored = false;  // the next load starts a new value
  };
  std::map<std::pair<std::uint32_t, std::uint32_t>, Register> registers;  // (launch, block * 2^16 + thread)
  auto mask_of = [&](const BufferRecord& b, std::uint64_t i) -> Mask {
    auto it = holds.find({b.id, i});
    if (it != holds.end()) return it->second;
    return b.role == BufferRole::Input ? Mask(1u << b.rank) : 0;
  };
  auto rank_of = [&](const Event& e) { return e.launch < meta.launches.size() ? meta.launches[e.launch].rank : 0u; };

  std::size_t k = 0;
  while (k < order.size()) {
    RingStep step;
    step.step = order[k]->step;
    std::map<std::tuple<unsigned, unsigned, unsigned>, std::uint64_t> moved;  // (from, to, chunk) -> bytes
    for (; k < order.size() && order[k]->step == step.step; ++k) {
      const Event& e = *order[k];
      const bool load = e.op == OpKind::GlobalLoad, store = e.op == OpKind::GlobalStore;
      if (!load && !store) continue;
      const BufferRecord* b = meta.buffer(e.buffer);
      if (!b || e.size == 0) continue;
      const std::uint64_t i = e.address / e.size;
      Register& reg = registers[{e.launch, (e.block << 16) | e.thread}];
      const unsigned me = rank_of(e);
      if (load) {
        if (reg.stored) reg = {};
        reg.mask |= mask_of(*b, i);
      } else {
        holds[{b->id, i}] = reg.mask;
        reg.stored = true;
      }
      if (b->rank != me) {
        const unsigned from = load ? b->rank : me, to = load ? me : b->rank;
        moved[{from, to, chunk_of(i, b->elements, ranks)}] += e.size;
      }
    }
    for (const auto& [key, bytes] : moved)
      step.moves.push_back({std::uint16_t(std::get<0>(key)), std::uint16_t(std::get<1>(key)),
                            std::uint16_t(std::get<2>(key)), bytes});
    // A chunk of a rank shows its furthest buffer: the fewest ranks over the chunk's recorded
    // elements of each buffer, the most over the rank's buffers.
    step.holds.assign(std::size_t(ranks) * ranks, 0);
    for (unsigned r = 0; r < ranks; ++r)
      for (const BufferRecord* b : held[r]) {
        std::vector<unsigned> fewest(ranks, ~0u);
        for (auto it = holds.lower_bound({b->id, 0}); it != holds.end() && it->first.first == b->id; ++it) {
          unsigned& f = fewest[chunk_of(it->first.second, out.n, ranks)];
          f = std::min(f, unsigned(std::bitset<32>(it->second).count()));
        }
        for (unsigned c = 0; c < ranks; ++c) {
          std::uint8_t& h = step.holds[std::size_t(r) * ranks + c];
          if (fewest[c] != ~0u) h = std::max(h, std::uint8_t(fewest[c]));
        }
      }
    out.steps.push_back(std::move(step));
  }
  add_rank_times(meta, out);
  return out;
}

const ViewDecl& ring_view() {
  static const ViewDecl view{"ring", "Ring", true, -1, kGivesRanks, nullptr,
                             [](const TraceViews& v) { return make_view_model(build_ring_steps(v.whole())); }};
  return view;
}

}  // namespace wl
