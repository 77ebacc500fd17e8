#include "trace/trace.h"

#include <algorithm>
#include <tuple>

namespace wl {

const BufferRecord* TraceMeta::buffer(BufferId id) const {
  if (id == kNoBuffer) return nullptr;
  for (const BufferRecord& b : buffers)
    if (b.id == id) return &b;
  return nullptr;
}

bool canonical_less(const Event& a, const Event& b) {
  return std::tie(a.launch, a.block, a.thread, a.seq) < std::tie(b.launch, b.block, b.thread, b.seq);
}

bool is_canonical(const std::vector<Event>& events) {
  return std::is_sorted(events.begin(), events.end(), canonical_less);
}

void sort_canonical(std::vector<Event>& events) {
  // The simulator hands its events over in this order already: a look costs far less than a sort.
  if (!is_canonical(events)) std::stable_sort(events.begin(), events.end(), canonical_less);
}

std::vector<StepRecord> steps_used(const std::vector<Event>& events) {
  std::vector<bool> seen(0x10000, false);
  for (const Event& e : events) seen[e.step] = true;
  std::vector<StepRecord> steps;
  for (unsigned s = 0; s < seen.size(); ++s)
    if (seen[s]) steps.push_back({StepId(s), step_name(StepId(s))});
  return steps;
}

namespace {

// select_launch's meta: the run's, with the launch's own and its clocks alone.
TraceMeta launch_meta(const TraceMeta& run, std::uint32_t launch) {
  TraceMeta out = run;
  out.launches.clear();
  out.clocks.clear();
  out.grid_dim = 0;
  out.block_dim = 0;
  if (launch >= run.launches.size()) return out;
  const LaunchRecord& chosen = run.launches[launch];
  out.launches.push_back(chosen);
  out.grid_dim = chosen.grid_dim;
  out.block_dim = chosen.block_dim;
  for (const WarpClock& c : run.clocks) {
    if (c.launch != launch) continue;
    out.clocks.push_back(c);
    out.clocks.back().launch = 0;
  }
  return out;
}

}  // namespace

Trace select_launch(Trace&& trace, std::uint32_t launch) {
  Trace out;
  out.meta = launch_meta(trace.meta, launch);
  out.events = std::move(trace.events);
  if (out.meta.launches.empty()) out.events.clear();
  std::size_t kept = 0;
  for (const Event& e : out.events)
    if (e.launch == launch) (out.events[kept++] = e).launch = 0;
  out.events.resize(kept);
  return out;
}

Trace select_launch(const Trace& trace, std::uint32_t launch) {
  Trace out;
  out.meta = launch_meta(trace.meta, launch);
  if (out.meta.launches.empty()) return out;
  // Sized once: a launch of millions of events grown a doubling at a time copies it and
  // touches twice its memory.
  out.events.reserve(std::size_t(std::count_if(trace.events.begin(), trace.events.end(),
                                               [&](const Event& e) { return e.launch == launch; })));
  for (const Event& e : trace.events) {
    if (e.launch != launch) continue;
    out.events.push_back(e);
    out.events.back().launch = 0;
  }
  return out;
}

std::string step_label(const TraceMeta& meta, StepId s) {
  const auto it = std::lower_bound(meta.steps.begin(), meta.steps.end(), s,
                                   [](const StepRecord& r, StepId id) { return r.id < id; });
  return it != meta.steps.end() && it->id == s && !it->name.empty() ? it->name : step_name(s);
}

std::string launch_name(const TraceMeta& meta, std::size_t launch) {
  if (meta.ranks > 1 && launch < meta.launches.size()) return "rank " + std::to_string(meta.launches[launch].rank);
  return "launch " + std::to_string(launch);
}

std::string shared_element_name(const TraceMeta& meta, std::uint64_t byte, unsigned element_bytes) {
  const unsigned size = element_bytes ? element_bytes : 4;
  for (const SharedArrayRecord& a : meta.shared_arrays)
    if (byte >= a.offset && byte < std::uint64_t(a.offset) + a.bytes)
      return a.name + "[" + std::to_string((byte - a.offset) / size) + "]";
  return "shared[" + std::to_string(byte / size) + "]";
}

}  // namespace wl
