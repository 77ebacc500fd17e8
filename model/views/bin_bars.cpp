#include "model/views/bin_bars.h"

#include <algorithm>

#include "core/bits.h"
#include "model/atomic_contention.h"
#include "model/views/view_registry.h"

namespace wl {
namespace {

// The run's counters: its first output buffer of u32.
const BufferRecord* counter_buffer(const TraceMeta& meta) {
  for (const BufferRecord& b : meta.buffers)
    if (b.role == BufferRole::Output && b.type == "u32") return &b;
  return nullptr;
}

bool counts_by(const Event& e, std::uint32_t launch, StepId step) {
  return e.launch < launch || (e.launch == launch && e.step <= step);
}

PrivateBins& copy_of(std::vector<PrivateBins>& copies, std::uint32_t block, std::uint32_t bins) {
  auto it = std::lower_bound(copies.begin(), copies.end(), block,
                             [](const PrivateBins& c, std::uint32_t b) { return c.block < b; });
  if (it == copies.end() || it->block != block) it = copies.insert(it, PrivateBins{block, std::vector<std::uint64_t>(bins)});
  return *it;
}

}  // namespace

BinBars build_bin_bars(const TraceViews& views, StepId step) {
  BinBars bars;
  const Trace& whole = views.whole();
  const BufferRecord* counters = counter_buffer(whole.meta);
  if (!counters || counters->elements == 0) return bars;
  bars.bins = std::uint32_t(counters->elements);
  bars.counts.assign(bars.bins, 0);
  bars.lanes.assign(bars.bins, 0);
  bars.passes.assign(bars.bins, 0);

  // Events that change a count, in the order they ran (launch, then time).
  std::vector<std::uint32_t> order;
  for (std::uint32_t i = 0; i < whole.events.size(); ++i) {
    const Event& e = whole.events[i];
    if (!counts_by(e, views.launch, step) || e.size != 4) continue;
    const bool global = (e.op == OpKind::GlobalAtomic || e.op == OpKind::GlobalStore) && e.buffer == counters->id;
    const bool counting = step_kind(e.step) == StepKind::Bin;  // shared memory is private bins only then
    if (global || e.op == OpKind::SharedAtomic || (e.op == OpKind::SharedStore && counting)) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    const Event &x = whole.events[a], &y = whole.events[b];
    return x.launch != y.launch ? x.launch < y.launch : x.time < y.time;
  });
  for (std::uint32_t i : order) {
    const Event& e = whole.events[i];
    const std::uint32_t bin = e.address / 4;
    if (bin >= bars.bins) continue;
    const std::uint64_t value = std::uint32_t(e.value[0]);
    if (e.op == OpKind::SharedAtomic)
      copy_of(bars.copies, e.block, bars.bins).counts[bin] += value;
    else if (e.op == OpKind::SharedStore)
      copy_of(bars.copies, e.block, bars.bins).counts[bin] = value;
    else if (e.op == OpKind::GlobalAtomic)
      bars.counts[bin] += value;
    else
      bars.counts[bin] = value;
  }

  // Contention: the atomic requests of the launch shown, up to the step.
  for (const WarpRequest& r : views.requests) {
    if (!is_atomic(r.op) || r.step > step) continue;
    if (r.op == OpKind::GlobalAtomic && r.buffer[lowest_lane(r.lane_mask) % kWarpSize] != counters->id) continue;
    const RequestContention c = request_contention(r);
    ++bars.atomic_requests;
    bars.atomic_lanes += c.lanes;
    bars.atomic_passes += c.passes;
    for (std::uint32_t s = 0; s < c.distinct; ++s) {
      const std::uint32_t bin = c.slots[s].at.address / 4;
      if (bin >= bars.bins) continue;
      bars.lanes[bin] += c.slots[s].lanes;
      if (c.slots[s].lanes == c.passes) bars.passes[bin] += c.passes;
    }
  }
  return bars;
}

// The bars are built per step as the view draws them (build_bin_bars): no model of its own.
const ViewDecl& bins_view() {
  static const ViewDecl view{"bins", "Bins", true, -1, kGivesBins};
  return view;
}

}  // namespace wl
