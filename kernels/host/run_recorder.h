// What both backends write into a run's trace besides the events: the buffer table (each
// allocation named, typed and numbered in allocation order, so a GPU run and a simulator run
// number theirs alike), one record per launch, and the steps the events used.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "core/value_type.h"
#include "trace/trace.h"

namespace wl {

// The most events a run may hold in memory: a quarter of the machine's, since the views and
// metrics built from them take about as much again twice over. Past it a recording throws
// std::bad_alloc, which the run reports in a sentence; a run let grow on would be killed by the
// kernel's out-of-memory killer instead, with nothing said.
std::uint64_t recorded_event_budget();

// The trace's name of a buffer's element type.
template <class T>
const char* element_type_name() {
  return value_type_name(value_type_of<std::remove_const_t<T>>());
}

class RunRecorder {
 public:
  // trace: where to record, or nullptr for a run that records nothing.
  explicit RunRecorder(Trace* trace) : trace_(trace) {}

  // The id of a new buffer; recorded in the trace when there is one.
  // rank: the GPU whose memory holds it, in a run over several.
  BufferId add_buffer(const std::string& name, const std::string& type, BufferRole role,
                      std::uint64_t elements, unsigned rank = 0);
  // Records a launch; its events are the next add_events call's. A launch on several ranks at
  // once is one begin_launch a rank, in rank order.
  void begin_launch(const LaunchRecord& launch);
  // The events of the `ranks` launches begun last, in any order, each event's launch field
  // holding its rank (0 for one); `dropped`: those past the event cap.
  void add_events(std::vector<Event>&& events, std::uint64_t dropped, unsigned ranks = 1);
  // The warp clocks (GPU only) of the `ranks` launches begun last, each clock's launch field
  // holding its rank (0 for one), and the SM clock they were taken at.
  void add_clocks(std::vector<WarpClock>&& clocks, double sm_clock_mhz, unsigned ranks = 1);
  // Canonical event order and the step table; call once, after the last launch.
  void finish();

 private:
  Trace* trace_;
  BufferId next_buffer_ = 1;
};

}  // namespace wl
