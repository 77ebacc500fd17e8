#include "model/races.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "model/atomic_contention.h"
#include "model/dataflow.h"
#include "model/flag_order.h"

namespace wl {
namespace {

// A location in one interval that nothing orders within: accesses with equal keys may race.
struct Key {
  std::uint64_t where = 0;     // launch and block (intra-block), or kAcrossRanks
  std::uint64_t location = 0;  // space and buffer, then element
  std::uint32_t interval = 0;  // barriers (intra-block) or rank barriers (across ranks) passed
  auto tie() const { return std::tie(where, location, interval); }
  bool operator==(const Key& o) const { return tie() == o.tie(); }
};

struct Access {
  Key key;
  std::uint32_t event = 0;
  std::uint32_t warp_interval = 0;  // __syncwarp, shuffles and votes the lane had passed
  unsigned rank = 0;
  bool write = false, atomic = false;
  std::uint32_t phase = 0;  // barriers its thread had passed (FlagOrder)
};

constexpr std::uint64_t kAcrossRanks = ~std::uint64_t(0);  // no launch and block is this
constexpr std::uint64_t kPairChecksPerGroup = 1u << 16;  // bounds a location every thread touches

bool is_memory(OpKind op) {
  switch (op) {
    case OpKind::GlobalLoad: case OpKind::GlobalStore: case OpKind::GlobalAtomic:
    case OpKind::SharedLoad: case OpKind::SharedStore: case OpKind::SharedAtomic: return true;
    default: return false;
  }
}
bool is_shared(OpKind op) { return op == OpKind::SharedLoad || op == OpKind::SharedStore || op == OpKind::SharedAtomic; }
bool is_write(OpKind op) { return op != OpKind::GlobalLoad && op != OpKind::SharedLoad; }
bool is_warp_sync(OpKind op) { return op == OpKind::WarpSync || op == OpKind::Shuffle || op == OpKind::Vote; }

std::uint64_t location_of(const Event& e, std::uint64_t element) {
  return (is_shared(e.op) ? 0 : std::uint64_t(1) << 63) | std::uint64_t(e.buffer) << 40 | element;
}

RaceAccess access_of(const Trace& run, std::uint32_t index) {
  const Event& e = run.events[index];
  return {index, e.launch, e.block, e.thread, e.site, e.step, e.op};
}

}  // namespace

std::vector<Race> find_races(const Trace& run) {
  const std::vector<Event>& events = run.events;
  const TraceMeta& meta = run.meta;
  const bool ranks = meta.ranks > 1;
  auto rank_of = [&](const Event& e) { return e.launch < meta.launches.size() ? meta.launches[e.launch].rank : 0u; };

  // Each thread's events in its own order, counting what it has passed.
  const std::vector<std::uint32_t> order = canonical_order(events);
  std::vector<Access> accesses;
  std::uint32_t barriers = 0, rank_barriers = 0, warp_syncs = 0;
  // The thread's last plain load of each location it has not written since: a compare-and-swap
  // of it makes that load (its entries in accesses) part of the atomic. Kept only where the run
  // has a compare-and-swap at all.
  const bool any_cas = std::any_of(events.begin(), events.end(), [](const Event& e) {
    return is_atomic(e.op) && e.aux == unsigned(AtomicKind::Cas);
  });
  std::map<std::uint64_t, std::pair<std::size_t, std::size_t>> loaded;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const Event& e = events[order[k]];
    if (k > 0) {
      const Event& p = events[order[k - 1]];
      if (p.launch != e.launch || p.block != e.block || p.thread != e.thread) {
        barriers = rank_barriers = warp_syncs = 0;
        loaded.clear();
      }
    }
    if (e.op == OpKind::Barrier) {
      ++barriers;
      if (e.flags & kRankBarrier) ++rank_barriers;
    }
    if (is_warp_sync(e.op)) ++warp_syncs;
    if (!is_memory(e.op) || (e.flags & kFlagSync)) continue;  // a flag orders; it is no data
    const ElementSpan span = accessed_elements(e, meta);
    const bool cas = is_atomic(e.op) && e.aux == unsigned(AtomicKind::Cas);
    for (std::uint32_t i = 0; i < span.count; ++i) {
      const std::uint64_t location = location_of(e, std::uint64_t(span.first) + i);
      if (any_cas) {
        if (auto l = loaded.find(location); l != loaded.end()) {
          if (cas)
            for (std::size_t a = l->second.first; a < l->second.second; ++a) accesses[a].atomic = true;
          loaded.erase(l);
        }
        if (!is_write(e.op)) loaded[location] = {accesses.size(), accesses.size() + (ranks && !is_shared(e.op) ? 2 : 1)};
      }
      Access a{{std::uint64_t(e.launch) << 32 | e.block, location, barriers}, order[k], warp_syncs, rank_of(e),
               is_write(e.op), is_atomic(e.op), barriers};
      accesses.push_back(a);
      if (ranks && !is_shared(e.op)) {
        a.key = {kAcrossRanks, location, rank_barriers};
        accesses.push_back(a);
      }
    }
  }
  const FlagOrder flags(run, order);
  std::sort(accesses.begin(), accesses.end(), [](const Access& a, const Access& b) {
    return std::tie(a.key.where, a.key.location, a.key.interval, a.event) <
           std::tie(b.key.where, b.key.location, b.key.interval, b.event);
  });

  std::vector<Race> races;
  std::map<std::tuple<RaceKind, RaceScope, std::uint16_t, std::uint16_t>, std::size_t> seen;  // -> index in races
  auto add = [&](const Access& w, const Access& x) {  // w writes; x reads or writes
    const Event &ew = events[w.event], &ex = events[x.event];
    Race r;
    r.kind = x.write ? RaceKind::WriteWrite : RaceKind::ReadWrite;
    r.scope = w.key.where == kAcrossRanks ? RaceScope::Ranks : ew.warp() == ex.warp() ? RaceScope::Warp : RaceScope::Block;
    r.shared = is_shared(ew.op);
    r.buffer = r.shared ? kNoBuffer : ew.buffer;
    r.element = w.key.location & ((std::uint64_t(1) << 40) - 1);
    const bool write_first = x.write && ew.thread > ex.thread;
    r.first = access_of(run, x.write && !write_first ? w.event : x.event);
    r.second = access_of(run, x.write && !write_first ? x.event : w.event);
    const auto [it, fresh] = seen.try_emplace({r.kind, r.scope, r.first.site, r.second.site}, races.size());
    if (fresh) races.push_back(r);
    else ++races[it->second].pairs;
  };
  for (std::size_t begin = 0; begin < accesses.size();) {
    std::size_t end = begin + 1;
    while (end < accesses.size() && accesses[end].key == accesses[begin].key) ++end;
    std::uint64_t checks = 0;
    for (std::size_t i = begin; i < end && checks < kPairChecksPerGroup; ++i) {
      const Access& w = accesses[i];
      if (!w.write) continue;
      const Event& ew = events[w.event];
      for (std::size_t j = begin; j < end && checks < kPairChecksPerGroup; ++j, ++checks) {
        const Access& x = accesses[j];
        if (j == i || (x.write && j < i) || (w.atomic && x.atomic)) continue;  // a pair of writes once
        const Event& ex = events[x.event];
        if (w.key.where == kAcrossRanks) {  // across ranks: only between different GPUs, unless flags order them
          if (w.rank == x.rank) continue;
          if (!flags.empty() && (flags.before(FlagOrder::agent_of(ew), w.phase, FlagOrder::agent_of(ex), x.phase) ||
                                 flags.before(FlagOrder::agent_of(ex), x.phase, FlagOrder::agent_of(ew), w.phase)))
            continue;
        } else if (ew.thread == ex.thread || (ew.warp() == ex.warp() && w.warp_interval != x.warp_interval)) {
          continue;
        }
        add(w, x);
      }
    }
    begin = end;
  }
  return races;
}

}  // namespace wl
