#include "model/atomic_contention.h"

#include <algorithm>
#include <map>

namespace wl {
namespace {

// One address of one request: the per-step and per-address sums are built from these.
struct Hit {
  bool global = false;
  std::uint16_t step = 0;
  AtomicAddress at;
  std::uint64_t lanes = 0;
  std::uint64_t passes = 0;  // the request's passes where this address was a busiest one
};

std::vector<Hit> hits_of(const std::vector<WarpRequest>& requests, std::optional<OpKind> op,
                         std::optional<std::uint16_t> step) {
  std::vector<Hit> hits;
  for (const WarpRequest& r : requests) {
    if (!is_atomic(r.op) || (op && r.op != *op) || (step && r.step != *step)) continue;
    const RequestContention c = request_contention(r);
    for (std::uint32_t i = 0; i < c.distinct; ++i) {
      const auto& s = c.slots[i];
      hits.push_back({r.op == OpKind::GlobalAtomic, r.step, s.at, s.lanes, s.lanes == c.passes ? c.passes : 0});
    }
  }
  return hits;
}

// Hits summed per (kind, step, address), or per (kind, address) when !per_step; in that order.
std::vector<Hit> summed(std::vector<Hit> hits, bool per_step) {
  if (!per_step)
    for (Hit& h : hits) h.step = 0;
  auto key = [](const Hit& h) { return std::tie(h.global, h.step, h.at); };
  std::sort(hits.begin(), hits.end(), [&](const Hit& a, const Hit& b) { return key(a) < key(b); });
  std::vector<Hit> out;
  for (const Hit& h : hits) {
    if (!out.empty() && key(out.back()) == key(h)) {
      out.back().lanes += h.lanes;
      out.back().passes += h.passes;
    } else {
      out.push_back(h);
    }
  }
  return out;
}

// Hits arrive in address order, so only a strictly hotter one replaces: ties keep the lowest.
void consider_hottest(ContentionCounts& c, const Hit& h) {
  if (h.lanes > c.hottest.lanes) c.hottest = {h.at, h.lanes, h.passes};
}

void add(ContentionCounts& c, const RequestContention& r) {
  c.requests += 1;
  c.lanes += r.lanes;
  c.passes += r.passes;
}

}  // namespace

bool is_atomic(OpKind op) { return op == OpKind::SharedAtomic || op == OpKind::GlobalAtomic; }

RequestContention request_contention(const WarpRequest& request) {
  RequestContention c;
  AtomicAddress at[kWarpSize];
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!request.active(lane)) continue;
    // Shared memory has no buffers: whatever a shared event carries there is not part of the key.
    const std::uint32_t buffer = request.op == OpKind::SharedAtomic ? 0 : std::uint32_t(request.buffer[lane]);
    at[c.lanes++] = {buffer, request.address[lane]};
  }
  std::sort(at, at + c.lanes);
  for (std::uint32_t i = 0; i < c.lanes; ++i) {
    if (c.distinct == 0 || !(c.slots[c.distinct - 1].at == at[i])) c.slots[c.distinct++] = {at[i], 0};
    c.passes = std::max(c.passes, ++c.slots[c.distinct - 1].lanes);
  }
  return c;
}

Contention atomic_contention(const std::vector<WarpRequest>& requests) {
  std::map<std::uint16_t, StepContention> steps;
  Contention out;
  for (const WarpRequest& r : requests) {
    if (!is_atomic(r.op)) continue;
    const bool global = r.op == OpKind::GlobalAtomic;
    const RequestContention c = request_contention(r);
    StepContention& s = steps[r.step];
    s.step = r.step;
    add(global ? s.global : s.shared, c);
    add(global ? out.global : out.shared, c);
  }

  const std::vector<Hit> per_step = summed(hits_of(requests, std::nullopt, std::nullopt), true);
  for (const Hit& h : per_step) {
    StepContention& s = steps[h.step];
    consider_hottest(h.global ? s.global : s.shared, h);
  }
  for (const Hit& h : summed(per_step, false)) consider_hottest(h.global ? out.global : out.shared, h);

  for (auto& [step, s] : steps) out.steps.push_back(s);
  return out;
}

std::vector<AddressHits> atomic_address_hits(const std::vector<WarpRequest>& requests, OpKind op,
                                             std::optional<std::uint16_t> step) {
  std::vector<AddressHits> out;
  for (const Hit& h : summed(hits_of(requests, op, step), false)) out.push_back({h.at, h.lanes, h.passes});
  return out;
}

}  // namespace wl
