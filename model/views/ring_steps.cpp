#include "model/views/ring_steps.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <map>
#include <tuple>
#include <set>

#include "model/dataflow.h"
#include "model/flag_order.h"
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


// Each event's round: how many of its block's flag raises came at an earlier barrier phase than
// it (a raise follows a barrier, so the round it ends is what the block did before that
// barrier, and the raise itself).
// Empty when no block raised a flag.
std::vector<std::uint32_t> rounds_of(const Trace& whole) {
  const std::vector<Event>& events = whole.events;
  const std::vector<std::uint32_t> phase = barrier_phases(events, canonical_order(events));
  std::map<std::uint64_t, std::vector<std::uint32_t>> raises;  // (launch, block) -> phases of its raises
  for (std::size_t i = 0; i < events.size(); ++i)
    if (events[i].op == OpKind::GlobalStore && (events[i].flags & kFlagSync))
      raises[FlagOrder::agent_of(events[i])].push_back(phase[i]);
  if (raises.empty()) return {};
  for (auto& [agent, phases] : raises) std::sort(phases.begin(), phases.end());
  std::vector<std::uint32_t> round(events.size(), 0);
  for (std::size_t i = 0; i < events.size(); ++i) {
    auto it = raises.find(FlagOrder::agent_of(events[i]));
    if (it == raises.end()) continue;
    round[i] = std::uint32_t(std::lower_bound(it->second.begin(), it->second.end(), phase[i]) - it->second.begin());
  }
  return round;
}

// The picture row by row: events in `order`, a row a step, or a row a round where `round` gives
// each event of `whole` its round. What each rank's chunks hold after the row, what crossed a
// link in it, and where it wrote.
std::vector<RingStep> replay(const Trace& whole, const std::vector<std::vector<const BufferRecord*>>& held,
                             std::uint64_t n, unsigned segments, const std::vector<const Event*>& order,
                             const std::vector<std::uint32_t>* round) {
  const TraceMeta& meta = whole.meta;
  const unsigned ranks = meta.ranks;
  auto key_of = [&](const Event& e) { return round ? (*round)[std::size_t(&e - whole.events.data())] : std::uint32_t(e.step); };
  // The segment of its chunk an element falls in: segments equal parts of the chunk.
  auto cell_of = [&](std::uint64_t i) {
    const unsigned c = chunk_of(i, n, ranks);
    const std::uint64_t begin = n * c / ranks, len = std::max<std::uint64_t>(1, n * (c + 1) / ranks - begin);
    return c * segments + unsigned(std::min<std::uint64_t>(segments - 1, (i - begin) * segments / len));
  };
  std::vector<RingStep> rows;
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

  // Per shown buffer and chunk, how many of its elements hold each number of ranks: an element
  // some row writes counts as none until it is written, so a chunk a round fills piece by piece
  // shows its least finished piece.
  std::map<BufferId, std::pair<unsigned, const BufferRecord*>> shown;  // buffer -> (rank, record)
  for (unsigned r = 0; r < ranks; ++r)
    for (const BufferRecord* b : held[r]) shown[b->id] = {r, b};
  std::map<BufferId, std::vector<std::array<std::uint64_t, 33>>> counts;  // [chunk][ranks held]
  {
    std::set<std::pair<BufferId, std::uint64_t>> written;
    for (const Event* e : order)
      if (e->op == OpKind::GlobalStore && !(e->flags & kFlagSync) && shown.count(e->buffer)) {
        const ElementSpan span = accessed_elements(*e, meta);
        for (std::uint32_t j = 0; j < std::max<std::uint32_t>(span.count, 1); ++j) written.insert({e->buffer, span.first + j});
      }
    for (const auto& [id, rb] : shown) counts[id].assign(std::size_t(ranks) * segments, {});
    for (const auto& [id, i] : written) ++counts[id][cell_of(i)][0];
  }
  std::size_t k = 0;
  while (k < order.size()) {
    RingStep row;
    const std::uint32_t key = key_of(*order[k]);
    if (round) row.round = key;
    else row.step = StepId(key);
    std::map<std::tuple<unsigned, unsigned, unsigned>, std::uint64_t> moved;  // (from, to, chunk) -> bytes
    std::map<std::tuple<unsigned, unsigned, StepId>, std::pair<std::uint64_t, std::uint64_t>> wrote;  // -> first, last
    for (; k < order.size() && key_of(*order[k]) == key; ++k) {
      const Event& e = *order[k];
      const bool load = e.op == OpKind::GlobalLoad, store = e.op == OpKind::GlobalStore;
      if ((!load && !store) || (e.flags & kFlagSync)) continue;  // a flag is no chunk's
      const BufferRecord* b = meta.buffer(e.buffer);
      if (!b || e.size == 0) continue;
      const ElementSpan span = accessed_elements(e, meta);  // a 16-byte access: several elements
      const std::uint64_t i = span.first, last = i + std::max<std::uint32_t>(span.count, 1) - 1;
      Register& reg = registers[{e.launch, (e.block << 16) | e.thread}];
      const unsigned me = rank_of(e);
      if (load) {
        if (reg.stored) reg = {};
        for (std::uint64_t j = i; j <= last; ++j) reg.mask |= mask_of(*b, j);
      } else {
        auto c = counts.find(b->id);
        for (std::uint64_t j = i; j <= last; ++j) {
          Mask& h = holds[{b->id, j}];
          if (c != counts.end()) {
            std::array<std::uint64_t, 33>& of = c->second[cell_of(j)];
            --of[std::bitset<32>(h).count()];
            ++of[std::bitset<32>(reg.mask).count()];
          }
          h = reg.mask;
        }
        reg.stored = true;
        if (b->elements == n && b->rank < ranks) {
          auto [it, fresh] = wrote.try_emplace({b->rank, chunk_of(i, n, ranks), e.step}, std::pair{i, last});
          if (!fresh) it->second = {std::min(it->second.first, i), std::max(it->second.second, last)};
        }
      }
      if (b->rank != me) {
        const unsigned from = load ? b->rank : me, to = load ? me : b->rank;
        moved[{from, to, chunk_of(i, b->elements, ranks)}] += e.size;
      }
    }
    for (const auto& [key, bytes] : moved)
      row.moves.push_back({std::uint16_t(std::get<0>(key)), std::uint16_t(std::get<1>(key)),
                           std::uint16_t(std::get<2>(key)), bytes});
    for (const auto& [key, span] : wrote)
      row.writes.push_back({std::uint16_t(std::get<0>(key)), std::uint16_t(std::get<1>(key)), std::get<2>(key), span.first,
                            span.second});
    // A chunk of a rank shows its furthest buffer: the fewest ranks over the chunk's recorded
    // elements of each buffer, the most over the rank's buffers.
    row.holds.assign(std::size_t(ranks) * ranks * segments, 0);
    for (const auto& [id, per_cell] : counts) {
      const unsigned r = shown[id].first;
      for (unsigned c = 0; c < ranks * segments; ++c) {
        const std::array<std::uint64_t, 33>& of = per_cell[c];
        unsigned fewest = 0;
        while (fewest < 33 && of[fewest] == 0) ++fewest;
        std::uint8_t& h = row.holds[std::size_t(r) * ranks * segments + c];
        if (fewest < 33) h = std::max(h, std::uint8_t(fewest));
      }
    }
    rows.push_back(std::move(row));
  }
  return rows;
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
    if (b.role == BufferRole::Temp && b.rank < ranks && b.elements == out.n && b.type == held[0].front()->type)
      held[b.rank].push_back(&b);

  // Events in the order the steps ran, and within a step as they ran.
  std::vector<const Event*> order;
  for (const Event& e : whole.events) order.push_back(&e);
  std::stable_sort(order.begin(), order.end(), [](const Event* a, const Event* b) {
    return a->step != b->step ? a->step < b->step : a->time < b->time;
  });
  out.steps = replay(whole, held, out.n, 1, order, nullptr);

  // Round by round, where blocks raise flags: each round's events in step order, as they ran.
  const std::vector<std::uint32_t> round = rounds_of(whole);
  if (!round.empty()) {
    std::stable_sort(order.begin(), order.end(), [&](const Event* a, const Event* b) {
      const std::uint32_t ra = round[std::size_t(a - whole.events.data())], rb = round[std::size_t(b - whole.events.data())];
      return ra != rb ? ra < rb : a->step != b->step ? a->step < b->step : a->time < b->time;
    });
    out.segments = unsigned(std::clamp<std::uint64_t>(out.n / ranks, 1, kMaxSegments));
    out.rounds = replay(whole, held, out.n, out.segments, order, &round);
  }
  add_rank_times(meta, out);
  return out;
}

const ViewDecl& ring_steps_view() {
  static const ViewDecl view = [] {
    ViewDecl v{"ring-steps", "Ring", true, -1, kGivesRanks, nullptr, model_of_whole<build_ring_steps>};
    v.playback_rows = [](const ViewModel& model) {  // a run of rounds plays round by round
      std::vector<std::string> rows;
      for (const RingStep& r : static_cast<const ViewModelOf<RingSteps>&>(model).value.rounds)
        rows.push_back("round " + std::to_string(r.round));
      return rows;
    };
    return v;
  }();
  return view;
}

}  // namespace wl
