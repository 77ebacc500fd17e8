#include "model/warp_requests.h"

#include <algorithm>
#include <bitset>
#include <limits>
#include <stdexcept>
#include <tuple>

#include "model/sort_key.h"

namespace wl {
namespace {

void check_indexable(const Trace& trace) {
  if (trace.events.size() >= std::numeric_limits<std::uint32_t>::max())
    throw std::length_error("trace has too many events to group");
}

// One request before its lanes are copied out: where its lanes lie in the sorted keys.
struct Group {
  std::uint32_t block;
  std::uint16_t warp;
  std::uint16_t step;
  std::uint32_t first_seq;
  std::uint16_t site;
  OpKind op;
  std::uint32_t occurrence;
  std::uint32_t begin;  // range in the sorted keys
  std::uint32_t end;

  auto order() const { return std::tie(block, warp, step, first_seq, site, occurrence, op); }
};

}  // namespace

WarpRequest::WarpRequest() { std::fill(std::begin(event), std::end(event), kNoEvent); }

unsigned WarpRequest::active_lanes() const { return unsigned(std::bitset<32>(lane_mask).count()); }

bool forms_request(OpKind op) { return op != OpKind::Barrier && op != OpKind::WarpSync && op != OpKind::Fence; }

std::vector<std::uint32_t> event_occurrences(const Trace& trace) {
  check_indexable(trace);
  const auto& events = trace.events;
  // Order by (block, thread, step, site, op, seq): a thread's events with one (step, site, op)
  // become adjacent and in seq order, so the occurrence is the rank within the run.
  std::vector<SortKey> keys(events.size());
  for (std::uint32_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    keys[i].hi = std::uint64_t(e.block) << 32 | std::uint64_t(e.thread) << 16 | e.step;
    keys[i].lo = std::uint64_t(e.site) << 40 | std::uint64_t(e.op) << 32 | e.seq;
    keys[i].index = i;
  }
  sort_keys_by_block(keys);
  std::vector<std::uint32_t> occurrence(events.size());
  std::uint32_t k = 0;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const bool same_run = i > 0 && keys[i].hi == keys[i - 1].hi && keys[i].lo >> 32 == keys[i - 1].lo >> 32;
    k = same_run ? k + 1 : 0;
    occurrence[keys[i].index] = k;
  }
  return occurrence;
}

std::vector<WarpRequest> group_requests(const Trace& trace) {
  const auto& events = trace.events;
  const std::vector<std::uint32_t> occurrence = event_occurrences(trace);

  // Sort by (block, step, site | warp, op, occurrence, lane): each request's lanes adjacent.
  std::vector<SortKey> keys;
  keys.reserve(events.size());
  for (std::uint32_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    if (!forms_request(e.op)) continue;
    const std::uint64_t hi = std::uint64_t(e.block) << 32 | std::uint64_t(e.step) << 16 | e.site;
    const std::uint64_t lo = std::uint64_t(e.warp()) << 53 | std::uint64_t(e.op) << 45 |
                             std::uint64_t(occurrence[i]) << 5 | e.lane();
    keys.push_back({hi, lo, i});
  }
  sort_keys_by_block(keys);

  std::vector<Group> groups;
  for (std::uint32_t b = 0; b < keys.size();) {
    std::uint32_t end = b + 1;
    while (end < keys.size() && keys[end].hi == keys[b].hi && keys[end].lo >> 5 == keys[b].lo >> 5) ++end;
    const Event& e = events[keys[b].index];
    Group g{e.block, std::uint16_t(e.warp()), e.step, e.seq, e.site, e.op, occurrence[keys[b].index], b, end};
    for (std::uint32_t k = b; k < end; ++k) g.first_seq = std::min(g.first_seq, events[keys[k].index].seq);
    groups.push_back(g);
    b = end;
  }
  std::sort(groups.begin(), groups.end(), [](const Group& x, const Group& y) { return x.order() < y.order(); });

  std::vector<WarpRequest> requests(groups.size());
  for (std::size_t r = 0; r < groups.size(); ++r) {
    const Group& g = groups[r];
    WarpRequest& q = requests[r];
    q.block = g.block;
    q.warp = g.warp;
    q.step = g.step;
    q.site = g.site;
    q.op = g.op;
    q.occurrence = g.occurrence;
    q.first_seq = g.first_seq;
    for (std::uint32_t k = g.begin; k < g.end; ++k) {
      const std::uint32_t index = keys[k].index;
      const Event& e = events[index];
      const unsigned lane = e.lane();
      q.lane_mask |= 1u << lane;
      if (e.op == OpKind::Branch && e.taken()) q.taken_mask |= 1u << lane;
      q.address[lane] = e.address;
      q.lane_size[lane] = e.size;
      q.buffer[lane] = e.buffer;
      q.event[lane] = index;
      q.size = std::max(q.size, e.size);
    }
  }
  return requests;
}

}  // namespace wl
