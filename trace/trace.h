// A recorded launch: what ran, with which parameters, and the events of the recorded blocks.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "trace/event.h"
#include "trace/warp_clock.h"

namespace wl {

// One kernel launch of a run. A run of several launches (a reduction's passes, scan-then-
// propagate, sort then reduce-by-key) records them all; events name theirs in Event::launch.
struct LaunchRecord {
  std::string name;               // the kernel: e.g. "sequential", "propagate"
  std::uint32_t grid_dim = 0;
  std::uint32_t block_dim = 0;
  std::uint32_t shared_bytes = 0;  // dynamic shared memory per block
  std::uint64_t n = 0;            // elements this launch works on
  // A drawing hint: shared slot s is drawn in column s % shared_columns, so a kernel's
  // ping-pong buffers line up (Hillis–Steele's two halves); 0: one column per slot.
  std::uint32_t shared_columns = 0;
  // The GPU (rank) it ran on, for a run over several (an all-reduce launches once per rank,
  // all at once); 0 for one GPU. An event's rank is its launch's.
  std::uint16_t rank = 0;
};

enum class BufferRole : std::uint8_t {
  Input = 0,   // read-only input of the run
  Output = 1,  // results (a reduction's partials or total, a scan's output, bins)
  Temp = 2,    // scratch: tickets, tile status, ping-pong buffers
};

// A global buffer the kernels of a run touched, named so the views can say which.
struct BufferRecord {
  BufferId id = kNoBuffer;  // what Event::buffer holds; 1, 2, ... in allocation order
  std::string name;         // "input", "partials", "tile-status", "bins"
  std::string type;         // element type: "i32", "u32", "f32", "f64", ...
  BufferRole role = BufferRole::Temp;
  std::uint64_t elements = 0;
  std::uint16_t rank = 0;   // the GPU whose memory holds it (0 for one GPU)
};

// The name of a step the events use, as the kernel declared it (core/step.h).
struct StepRecord {
  StepId id = 0;
  std::string name;
};

// Where a simulated run stopped on a bug in its kernel (a pitfall's lesson): the events end
// there, and the views say what happened and where.
struct TraceFault {
  std::string kind;     // "read of uninitialized shared memory" (kernel_error_kind_name)
  std::string message;  // what the thread did, in words
  std::uint16_t launch = 0;  // the launch it stopped in (an index into TraceMeta::launches)
  std::uint32_t block = 0, thread = 0, line = 0;
  StepId step = 0;           // the thread's step then
  std::uint32_t lanes = 0;   // of the thread's warp, the lanes it is about (a mask's missing ones)
};

// Source text a trace carries: the file of a kernel no WarpLens build holds (a program's kernel
// recorded on a GPU, `warplens record`), or its SASS listing. The Source view shows it where
// the file cannot be read.
struct SourceText {
  std::string path;  // as variant_file names it
  std::string text;
};

// meta.family of a program's kernels recorded on a GPU (`warplens record`): no family of WarpLens.
inline constexpr const char* kRecordedFamily = "recorded";
// meta.variant of a plain-CUDA kernel run on a family's contract (kernels/plain/plain_contract.h).
inline constexpr const char* kPlainVariant = "plain";

// A kernel's shared array as its source names it (a plain-CUDA kernel's `sdata`, `XY`): where it
// lies in the block's shared memory, so views and findings say `XY[1]`, not `shared[1025]`.
struct SharedArrayRecord {
  std::string name;
  std::uint32_t offset = 0;  // bytes from the start of the block's shared memory
  std::uint32_t bytes = 0;
};

struct TraceMeta {
  std::string family;    // "reduce"
  std::string variant;   // e.g. "sequential"
  std::string op;        // "sum", "min", "max", "product"
  std::string type;      // the run's value type: "i32", "f32", "f64"
  std::string backend;   // "sim" or "gpu"
  std::uint64_t n = 0;
  std::uint32_t block_dim = 0;  // of the first launch
  std::uint32_t grid_dim = 0;   // of the first launch (0: nothing was launched)
  std::map<std::string, std::uint64_t> params;  // the family's parameters as run ("exclusive")
  std::uint32_t sm_count = 0;  // multiprocessors its grids and tiles were sized for; 0: not kept (older traces)
  std::vector<std::uint32_t> recorded_blocks;  // sorted, unique; the same in every launch
  std::uint64_t event_cap = 0;     // per launch
  std::uint64_t events_dropped = 0;  // > 0: the cap was hit and the trace is incomplete
  std::vector<LaunchRecord> launches;  // in launch order; Event::launch indexes it
  std::vector<BufferRecord> buffers;   // sorted by id
  std::vector<StepRecord> steps;       // every step the events use, ascending
  // GPU traces: each recorded block's warps' clocks at every step, from a replay of the launch
  // with event recording off, and the SM clock measured then, to turn cycles into time.
  std::vector<WarpClock> clocks;
  double sm_clock_mhz = 0;
  std::optional<TraceFault> fault;  // set when the run stopped on a kernel bug
  std::uint16_t ranks = 1;  // GPUs the run used: launches and buffers name theirs
  std::string variant_file;  // a variant not built in (a learner's, `warplens lab`): its file; empty: built in
  // A built-in variant whose kernel body is another file's template (hillis-steele-single-buffer
  // runs HillisSteeleWith of hillis_steele.h): that file, whose lines the sites name; empty: its own.
  std::string lines_file;
  std::vector<SourceText> sources;  // empty but for recorded programs
  std::vector<SharedArrayRecord> shared_arrays;  // by offset; empty: shared memory has no names

  const BufferRecord* buffer(BufferId id) const;  // nullptr for kNoBuffer or an unknown id
};

struct Trace {
  TraceMeta meta;
  std::vector<Event> events;

  bool overflowed() const { return meta.events_dropped > 0; }
};

// "launch 1"; "rank 2" in a run over several GPUs, where each rank is a launch of its own.
std::string launch_name(const TraceMeta& meta, std::size_t launch);

// Puts events in their canonical order: launch, block, thread, seq. GPU traces arrive in whatever
// order the hardware wrote them; after this, a GPU trace and a simulator trace compare equal.
void sort_canonical(std::vector<Event>& events);
// Whether the events are in canonical order already (what the simulator hands over).
bool is_canonical(const std::vector<Event>& events);
// The canonical order's comparison.
bool canonical_less(const Event& a, const Event& b);

// The step table of `events`: every step they use, ascending, named by step_name().
std::vector<StepRecord> steps_used(const std::vector<Event>& events);

// Shared memory at byte `byte`, read `element_bytes` at a time, in the kernel's words: "sdata[3]"
// where an array of meta.shared_arrays holds it, else "shared[byte / element_bytes]".
std::string shared_element_name(const TraceMeta& meta, std::uint64_t byte, unsigned element_bytes);

// What the views call step `s` of a trace: its name in the step table (a plain-CUDA kernel's
// steps are named after their barriers' lines, kernels/plain/plain_steps.h), else step_name(s).
std::string step_label(const TraceMeta& meta, StepId s);

// One launch of a run as a trace of its own, for views that show one launch at a time: its
// events (Event::launch rewritten to 0, order kept), meta.launches = that launch alone,
// meta.grid_dim / block_dim its own; buffers, steps and the rest of meta are kept. An index
// past meta.launches gives a trace with no launch and no events.
Trace select_launch(const Trace& trace, std::uint32_t launch);
// The same in the trace's own events, which it takes: no copy of them.
Trace select_launch(Trace&& trace, std::uint32_t launch);

}  // namespace wl
