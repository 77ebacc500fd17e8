// The dataflow graph of a whole run (every launch): which recorded values each written value
// came from, derived from what the kernels recorded, never from the values themselves. Family-
// neutral: it knows loads, stores, shuffles and atomics, not reductions or scans.
//
// Rules:
// - A location is a global element (buffer, index = byte address / size of the buffer's element
//   type; a 16-byte access covers several), a shared slot (block, byte address / size of the
//   run's value type) or a thread's register (block, thread). Shared slots and registers live
//   for one launch.
// - A node is a version of a location. Every write makes one. A read that finds no visible
//   version makes the location's initial node (Input when its buffer's role is Input, else
//   Initial: written by something the trace did not record); a location has at most one.
// - Events are taken by launch, step (ascending), block, barrier epoch, shuffle round, thread,
//   seq. A load reads the latest visible version: written in an earlier launch or step, or in
//   this block in an earlier epoch of this step, or by this thread.
// - Each thread holds a register, the version it last stored or received, and the loads it made
//   since then; together, its pending set.
//   - plain store (aux 0): a new version from the loads, and from the register unless the thread
//     re-read the location it stores to (then it recomputed the value from memory); the
//     register becomes the new version, the loads are cleared;
//   - st_from (aux != 0): a new version from the loads aux selects (bit k = the thread's k-th
//     load in this step), and from the pending set left after them when aux has
//     kStoreFromRegisters (trace/event.h); the selected loads are spent (no later plain store
//     takes them), the rest, and the register, are left as they are. A vector store naming
//     one load of as many elements (st_vec_from) copies it element by element;
//   - shuffle (aux = source lane): a register version of the receiver from its pending set and
//     the sender's as it was when sent (every send of a round before any receive); it becomes
//     the register, the loads are cleared;
//   - atomic: a new version from pending and the address's latest version, whoever wrote it
//     (atomics serialise; the trace has no hardware order, so processing order stands in);
//     the register becomes what the atomic returned, the address's version before it (a ticket
//     drawn is compared and stored next), and the loads are cleared.
// - Edge kinds: Atomic; Combine (a write from 2+ sources); Copy (from one); Swap (a Copy whose
//   source location the same thread overwrites in the same step from sources that include the
//   Copy target's previous version: a down-sweep's exchange).
// - A race is told by the values, as a diagnostic only: a load whose recorded value differs from
//   the version it should see is drawn from the latest version of the location that holds that
//   value (an older one: a stale read; a newer one: a read past a missing barrier), or from the
//   one it should see when none does, and its edges are marked racy. Atomic versions, whose
//   recorded value is the operand, are never compared.
#pragma once
#include <cstdint>
#include <vector>

#include "trace/trace.h"

namespace wl {

constexpr std::uint32_t kNoDataflowNode = 0xFFFFFFFFu;

enum class DataflowNodeKind : std::uint8_t { Input, Initial, Written };
enum class DataflowSpace : std::uint8_t { Global, Shared, Register };
enum class DataflowEdgeKind : std::uint8_t { Copy, Combine, Swap, Atomic };

struct DataflowNode {
  DataflowNodeKind kind = DataflowNodeKind::Written;
  DataflowSpace space = DataflowSpace::Global;
  BufferId buffer = kNoBuffer;  // global nodes
  std::uint32_t block = 0;      // shared and register: the owner; global: the writer's block
                                // (an initial node: the block whose read made it)
  std::uint32_t index = 0;      // global: element; shared: slot; register: thread
  std::uint16_t launch = 0;
  StepId step = 0;
  std::int32_t thread = -1;     // the writer; -1 for Input and Initial
  std::uint32_t previous = kNoDataflowNode;  // the version of the location this one replaced
  std::uint64_t bits = 0;       // for display: the value written (register: the value received;
                                // atomic: its operand) or read (initial)
  std::uint64_t sent = 0;       // register: the value this lane sent in the same shuffle
  bool value_recorded = true;   // false: an initial node an atomic made (no old value recorded)
};

struct DataflowEdge {
  std::uint32_t from = 0;  // node indices
  std::uint32_t to = 0;
  std::uint16_t thread = 0;  // the writer of `to`
  // Who took `from` and when: the thread that loaded it, stored it or received it (the writer,
  // or the lane a shuffle received it from), and the step it did so in. A read_step before the
  // step of `to` means the value waited in that thread's register across steps.
  std::uint16_t holder = 0;
  StepId read_step = 0;
  DataflowEdgeKind kind = DataflowEdgeKind::Copy;
  bool racy = false;  // the load got a value other than the version it should see (see above)
};

struct DataflowGraph {
  std::vector<DataflowNode> nodes;  // in processing order: launch, then step ascending
  std::vector<DataflowEdge> edges;  // grouped by `to`, in node order

  // The edges into `node`: a contiguous range of `edges`.
  std::pair<const DataflowEdge*, const DataflowEdge*> edges_into(std::uint32_t node) const;
};

DataflowGraph build_dataflow(const Trace& run);

// The elements an access covers: global elements of its buffer's type, shared slots of the run's
// value type (one at least, even for an access narrower than an element).
struct ElementSpan {
  std::uint32_t first = 0;
  std::uint32_t count = 0;
  unsigned bytes = 4;  // element size
};
ElementSpan accessed_elements(const Event& e, const TraceMeta& meta);

}  // namespace wl
