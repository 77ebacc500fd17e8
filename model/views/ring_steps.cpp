#include "model/views/ring_steps.h"

#include <algorithm>
#include <bitset>
#include <map>
#include <set>

#include "model/views/step_times.h"

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
  std::vector<const BufferRecord*> output(ranks, nullptr);
  for (const BufferRecord& b : meta.buffers)
    if (b.role == BufferRole::Output && b.rank < ranks && !output[b.rank]) output[b.rank] = &b;
  for (const BufferRecord* b : output)
    if (!b) return out;
  out.ranks = ranks;
  out.n = output[0]->elements;

  // Events in the order the steps ran, and within a step as they ran.
  std::vector<const Event*> order;
  for (const Event& e : whole.events) order.push_back(&e);
  std::stable_sort(order.begin(), order.end(), [](const Event* a, const Event* b) {
    return a->step != b->step ? a->step < b->step : a->time < b->time;
  });

  std::map<std::pair<BufferId, std::uint64_t>, Mask> holds;  // element -> ranks it combines
  std::map<std::pair<std::uint32_t, std::uint32_t>, Mask> pending;  // (launch, block * 2^16 + thread) -> loaded since its last store
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
      const std::pair<std::uint32_t, std::uint32_t> thread{e.launch, (e.block << 16) | e.thread};
      const unsigned me = rank_of(e);
      if (load) pending[thread] |= mask_of(*b, i);
      else {
        holds[{b->id, i}] = pending[thread];
        pending[thread] = 0;
      }
      if (b->rank != me) {
        const unsigned from = load ? b->rank : me, to = load ? me : b->rank;
        moved[{from, to, chunk_of(i, b->elements, ranks)}] += e.size;
      }
    }
    for (const auto& [key, bytes] : moved)
      step.moves.push_back({std::uint16_t(std::get<0>(key)), std::uint16_t(std::get<1>(key)),
                            std::uint16_t(std::get<2>(key)), bytes});
    step.holds.assign(std::size_t(ranks) * ranks, 0);
    for (unsigned r = 0; r < ranks; ++r) {
      std::vector<unsigned> fewest(ranks, ~0u);
      for (const auto& [element, mask] : holds) {
        if (element.first != output[r]->id) continue;
        unsigned& f = fewest[chunk_of(element.second, out.n, ranks)];
        f = std::min(f, unsigned(std::bitset<32>(mask).count()));
      }
      for (unsigned c = 0; c < ranks; ++c)
        step.holds[std::size_t(r) * ranks + c] = std::uint8_t(fewest[c] == ~0u ? 0 : fewest[c]);
    }
    out.steps.push_back(std::move(step));
  }
  add_rank_times(meta, out);
  return out;
}

}  // namespace wl
