#include "model/warp_requests.h"

#include <algorithm>
#include <bitset>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <tuple>

#include "model/flag_order.h"
#include "model/flat_index.h"

namespace wl {
namespace {

void check_indexable(const Trace& trace) {
  if (trace.events.size() >= std::numeric_limits<std::uint32_t>::max())
    throw std::length_error("trace has too many events to group");
}

constexpr unsigned kOccurrenceBits = 28;

// What makes a thread's events one run of occurrences: (step, site, op).
std::uint64_t line_key(const Event& e) { return std::uint64_t(e.step) << 20 | std::uint64_t(e.site) << 4 | unsigned(e.op); }

// Walks a trace in canonical order a thread at a time, giving each event its occurrence: the
// rank of its (step, site, op) among its thread's events so far in its launch. Calls
// `visit(index, occurrence)` for every event `wanted` accepts.
template <class Wanted, class Visit>
void walk_occurrences(const Trace& trace, Wanted wanted, Visit visit) {
  check_indexable(trace);
  // None for events in canonical order already, as a simulator's trace and a read file are:
  // a list of every index would be 4 bytes an event more.
  const std::vector<std::uint32_t> order =
      is_canonical(trace.events) ? std::vector<std::uint32_t>{} : canonical_order(trace.events);
  const auto& events = trace.events;
  FlatIndex counts;
  const Event* previous = nullptr;
  for (std::uint32_t k = 0; k < events.size(); ++k) {
    const std::uint32_t i = order.empty() ? k : order[k];
    const Event& e = events[i];
    const bool new_thread =
        !previous || previous->launch != e.launch || previous->block != e.block || previous->thread != e.thread;
    if (new_thread) counts.clear();
    previous = &e;
    if (!wanted(e)) continue;
    bool added = false;
    const std::uint32_t occurrence = counts.find_or_add(line_key(e), 0, added)++;
    if (occurrence >> kOccurrenceBits)
      throw std::length_error("a thread runs one line too many times in one step to group its events");
    visit(i, occurrence);
  }
}

}  // namespace

WarpRequest::WarpRequest() { std::fill(std::begin(event), std::end(event), kNoEvent); }

unsigned WarpRequest::active_lanes() const { return unsigned(std::bitset<32>(lane_mask).count()); }

bool forms_request(OpKind op) { return op != OpKind::Barrier && op != OpKind::WarpSync && op != OpKind::Fence; }

std::vector<std::uint32_t> event_occurrences(const Trace& trace) {
  std::vector<std::uint32_t> occurrence(trace.events.size());
  walk_occurrences(trace, [](const Event&) { return true; },
                   [&](std::uint32_t i, std::uint32_t k) { occurrence[i] = k; });
  return occurrence;
}

// A warp's lanes come one thread after another in canonical order, so a warp's requests are
// gathered in one pass with a table of (step, site, op, occurrence), then put in issue order;
// no sort of the whole trace's events.
std::vector<WarpRequest> group_requests(const Trace& trace) {
  const auto& events = trace.events;
  std::vector<WarpRequest> requests, warp;
  requests.reserve(events.size() / kWarpSize);  // as many as a warp's full requests make; room unused takes no memory
  FlatIndex of_key;
  const Event* warp_head = nullptr;
  const auto flush = [&] {
    std::vector<std::uint32_t> by_issue(warp.size());
    std::iota(by_issue.begin(), by_issue.end(), 0u);
    std::sort(by_issue.begin(), by_issue.end(), [&](std::uint32_t a, std::uint32_t b) {
      const WarpRequest &x = warp[a], &y = warp[b];
      return std::tie(x.step, x.first_seq, x.site, x.occurrence, x.op) <
             std::tie(y.step, y.first_seq, y.site, y.occurrence, y.op);
    });
    for (std::uint32_t r : by_issue) requests.push_back(warp[r]);
    warp.clear();
    of_key.clear();
  };
  walk_occurrences(trace, [](const Event& e) { return forms_request(e.op); }, [&](std::uint32_t i, std::uint32_t occurrence) {
    const Event& e = events[i];
    if (warp_head && (warp_head->launch != e.launch || warp_head->block != e.block || warp_head->warp() != e.warp()))
      flush();
    if (warp.empty()) warp_head = &e;
    bool added = false;
    const std::uint32_t r =
        of_key.find_or_add(line_key(e) << kOccurrenceBits | occurrence, std::uint32_t(warp.size()), added);
    if (added) {
      WarpRequest& q = warp.emplace_back();
      q.block = e.block;
      q.warp = std::uint16_t(e.warp());
      q.step = e.step;
      q.site = e.site;
      q.op = e.op;
      q.occurrence = occurrence;
      q.first_seq = e.seq;
    }
    WarpRequest& q = warp[r];
    const unsigned lane = e.lane();
    q.first_seq = std::min(q.first_seq, e.seq);
    q.lane_mask |= 1u << lane;
    if (e.op == OpKind::Branch && e.taken()) q.taken_mask |= 1u << lane;
    q.address[lane] = e.address;
    q.lane_size[lane] = e.size;
    q.buffer[lane] = e.buffer;
    q.event[lane] = i;
    q.size = std::max(q.size, e.size);
  });
  if (!warp.empty()) flush();
  return requests;
}

}  // namespace wl
