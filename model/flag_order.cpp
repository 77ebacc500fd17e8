#include "model/flag_order.h"

#include <algorithm>
#include <numeric>
#include <tuple>

namespace wl {
namespace {

using FlagValue = std::tuple<BufferId, std::uint32_t, std::uint64_t>;  // buffer, address, value

struct Raise {
  unsigned agent = 0;
  std::uint32_t phase = 0;
};
struct Wait {
  std::uint32_t phase = 0;
  FlagValue flag;
};

}  // namespace

std::vector<std::uint32_t> canonical_order(const std::vector<Event>& events) {
  std::vector<std::uint32_t> order(events.size());
  std::iota(order.begin(), order.end(), 0u);
  if (!is_canonical(events))
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return canonical_less(events[a], events[b]); });
  return order;
}

std::vector<std::uint32_t> barrier_phases(const std::vector<Event>& events, const std::vector<std::uint32_t>& order) {
  std::vector<std::uint32_t> phase(events.size(), 0);
  std::uint32_t barriers = 0;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const Event& e = events[order[k]];
    if (k > 0) {
      const Event& p = events[order[k - 1]];
      if (p.launch != e.launch || p.block != e.block || p.thread != e.thread) barriers = 0;
    }
    if (e.op == OpKind::Barrier) ++barriers;
    phase[order[k]] = barriers;
  }
  return phase;
}

FlagOrder::FlagOrder(const Trace& run, const std::vector<std::uint32_t>& order) {
  const std::vector<Event>& events = run.events;
  std::map<FlagValue, Raise> raises;
  std::map<std::uint64_t, std::vector<Wait>> waits;  // agent -> its waits, by phase
  const std::vector<std::uint32_t> phase = barrier_phases(events, order);
  for (const std::uint32_t i : order) {
    const Event& e = events[i];
    if (!(e.flags & kFlagSync)) continue;
    const std::uint64_t agent = agent_of(e);
    const FlagValue flag{e.buffer, e.address, e.value[0]};
    if (e.op == OpKind::GlobalStore) raises[flag] = {agents_.try_emplace(agent, unsigned(agents_.size())).first->second, phase[i]};
    else if (e.op == OpKind::GlobalLoad && e.aux == kFlagWaited) waits[agent].push_back({phase[i], flag});
  }
  if (raises.empty()) {
    agents_.clear();
    return;
  }
  for (const auto& [agent, list] : waits) agents_.try_emplace(agent, unsigned(agents_.size()));
  const unsigned count = unsigned(agents_.size());
  changes_.assign(count, {Change{0, std::vector<std::uint32_t>(count, 0)}});
  std::vector<const std::vector<Wait>*> pending(count, nullptr);
  std::vector<std::size_t> next(count, 0);  // the first wait not yet applied
  for (const auto& [agent, list] : waits) pending[agents_[agent]] = &list;

  // What an agent knows at `phase`, from its changes so far.
  auto known_at = [&](unsigned a, std::uint32_t phase) -> const std::vector<std::uint32_t>& {
    const std::vector<Change>& c = changes_[a];
    auto it = std::upper_bound(c.begin(), c.end(), phase, [](std::uint32_t p, const Change& x) { return p < x.phase; });
    return std::prev(it)->known;
  };
  // Whether agent a's knowledge at `phase` is final: every wait before that phase applied.
  auto settled = [&](unsigned a, std::uint32_t phase) {
    return !pending[a] || next[a] >= pending[a]->size() || (*pending[a])[next[a]].phase >= phase;
  };
  // Apply waits in any order the raises allow (the run itself was one); a wait whose raise is
  // not in the trace (an earlier launch's, or the flag's start) brings nothing.
  for (;;) {
    bool progress = false, left = false;
    for (unsigned a = 0; a < count; ++a) {
      if (!pending[a]) continue;
      const std::vector<Wait>& list = *pending[a];
      while (next[a] < list.size()) {
        const Wait& w = list[next[a]];
        auto r = raises.find(w.flag);
        std::vector<std::uint32_t> known = changes_[a].back().known;
        if (r != raises.end()) {
          if (!settled(r->second.agent, r->second.phase)) break;
          const std::vector<std::uint32_t>& released = known_at(r->second.agent, r->second.phase);
          for (unsigned q = 0; q < count; ++q) known[q] = std::max(known[q], released[q]);
          known[r->second.agent] = std::max(known[r->second.agent], r->second.phase);
        }
        if (changes_[a].back().phase == w.phase + 1) changes_[a].back().known = std::move(known);
        else changes_[a].push_back({w.phase + 1, std::move(known)});
        ++next[a];
        progress = true;
      }
      left |= next[a] < list.size();
    }
    if (!left) break;
    if (!progress) {  // waits on each other: no run could have done this; they bring nothing
      for (unsigned a = 0; a < count; ++a)
        if (pending[a] && next[a] < pending[a]->size()) {
          ++next[a];
          break;
        }
    }
  }
}

bool FlagOrder::before(std::uint64_t a, std::uint32_t pa, std::uint64_t b, std::uint32_t pb) const {
  auto ia = agents_.find(a), ib = agents_.find(b);
  if (ia == agents_.end() || ib == agents_.end()) return false;
  const std::vector<Change>& c = changes_[ib->second];
  auto it = std::upper_bound(c.begin(), c.end(), pb, [](std::uint32_t p, const Change& x) { return p < x.phase; });
  return std::prev(it)->known[ia->second] > pa;
}

}  // namespace wl
