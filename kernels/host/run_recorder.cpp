#include "kernels/host/run_recorder.h"

#include <algorithm>
#include <new>
#include <stdexcept>

#include "kernels/host/input.h"

namespace wl {
namespace {

// A later launch's events after the run's. The simulator's first launch comes with room for a
// quarter more (SimGrid::commit), which a reduction's next passes fit in; where they do not,
// the whole is moved once to room for a quarter more, not doubled.
void append_events(std::vector<Event>& run, const std::vector<Event>& more) {
  if (run.capacity() - run.size() < more.size()) run.reserve(run.size() + std::max(more.size(), run.size() / 4));
  run.insert(run.end(), more.begin(), more.end());
}

}  // namespace

BufferId RunRecorder::add_buffer(const std::string& name, const std::string& type, BufferRole role,
                                 std::uint64_t elements, unsigned rank) {
  if (next_buffer_ == 0) throw std::length_error("a run may name at most 255 buffers");
  const BufferId id = next_buffer_++;
  if (trace_) trace_->meta.buffers.push_back({id, name, type, role, elements, std::uint16_t(rank)});
  return id;
}

void RunRecorder::begin_launch(const LaunchRecord& launch) {
  if (trace_) trace_->meta.launches.push_back(launch);
}

std::uint64_t recorded_event_budget() {
  static const std::uint64_t budget = [] {
    const std::uint64_t memory = physical_memory_bytes();
    return memory == 0 ? ~std::uint64_t(0) : memory / 4 / sizeof(Event);
  }();
  return budget;
}

void RunRecorder::add_events(std::vector<Event>&& events, std::uint64_t dropped, unsigned ranks) {
  if (!trace_) return;
  if (trace_->events.size() + events.size() > recorded_event_budget()) throw std::bad_alloc();
  // Kernels know their rank at most, not their launch: the host stamps it here.
  const auto first = std::uint16_t(trace_->meta.launches.size() - ranks);
  for (Event& e : events) e.launch = std::uint16_t(first + e.launch);
  if (trace_->events.empty()) trace_->events = std::move(events);  // a run's first launch: no copy
  else append_events(trace_->events, events);
  trace_->meta.events_dropped += dropped;
}

void RunRecorder::add_clocks(std::vector<WarpClock>&& clocks, double sm_clock_mhz, unsigned ranks) {
  if (!trace_ || clocks.empty()) return;
  const auto first = std::uint16_t(trace_->meta.launches.size() - ranks);
  for (WarpClock& c : clocks) c.launch = std::uint16_t(first + c.launch);
  trace_->meta.clocks.insert(trace_->meta.clocks.end(), clocks.begin(), clocks.end());
  trace_->meta.sm_clock_mhz = sm_clock_mhz;
}

void RunRecorder::finish() {
  if (!trace_) return;
  sort_canonical(trace_->events);
  trace_->meta.steps = steps_used(trace_->events);
}

}  // namespace wl
