#include "model/run_notes.h"

#include <cmath>
#include <cstdio>

#include "model/warp_requests.h"

namespace wl {
namespace {

constexpr std::uint64_t kSerialInputs = 64;  // below this a tree and a loop are too alike to tell apart

bool writes_memory(OpKind op) { return op == OpKind::GlobalStore || op == OpKind::GlobalAtomic; }

// The longest chain is about as long as the inputs are many: one thread (or one chain) did the
// combining in order.
bool serial_combining(const WorkSpan& ws) { return ws.inputs >= kSerialInputs && 2 * ws.span >= ws.inputs; }

// Shuffles whose source lane is not among the lanes that made the shuffle (its mask): how many
// lanes read one, and the first one's line. A GPU recording's kUnknownLane is past kWarpSize.
std::pair<std::uint64_t, unsigned> outside_mask_reads(const Trace& trace) {
  std::uint64_t reads = 0;
  unsigned line = 0;
  for (const WarpRequest& r : group_requests(trace)) {
    if (r.op != OpKind::Shuffle) continue;
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      if (!r.active(lane)) continue;
      const std::uint64_t source = r.lane_event(trace, lane).aux;
      if (source < kWarpSize && !r.active(unsigned(source)) && reads++ == 0) line = r.site;
    }
  }
  return {reads, line};
}

}  // namespace

std::vector<std::string> run_notes(const Trace& trace, const WorkSpan& ws, bool result_ok) {
  std::vector<std::string> notes;
  std::uint64_t stores = 0;  // stores and atomics to the run's input, and the first one's line
  unsigned line = 0;
  for (const Event& e : trace.events) {
    const BufferRecord* b = writes_memory(e.op) ? trace.meta.buffer(e.buffer) : nullptr;
    if (b && b->role == BufferRole::Input && stores++ == 0) line = e.site;
  }
  if (stores) {
    notes.push_back("writes its input in place: " + std::to_string(stores) + " store" + (stores == 1 ? "" : "s") +
                    " to input (the first at line " + std::to_string(line) +
                    "); the check uses the input as generated");
  }
  if (const auto [reads, at] = outside_mask_reads(trace); reads) {
    notes.push_back("reads lanes outside its shuffle's mask: " + std::to_string(reads) + " read" + (reads == 1 ? "" : "s") +
                    " (the first at line " + std::to_string(at) +
                    "); undefined in CUDA: an H200 gives 0 for them, and so does the simulator");
  }
  // Only where the result is one combine of the inputs (a reduction, a scan's prefixes): a
  // histogram's chain through a busy bin is its atomics, which the contention metrics count.
  const bool combines_inputs = trace.meta.family == "reduce" || trace.meta.family == "scan";
  if (result_ok && combines_inputs && serial_combining(ws)) {
    char text[256];
    std::snprintf(text, sizeof text,
                  "serial: its longest chain is %llu combines for %llu inputs (a tree is about %.0f deep): "
                  "right, but no faster than one thread adding in order",
                  (unsigned long long)ws.span, (unsigned long long)ws.inputs, std::ceil(std::log2(double(ws.inputs))));
    notes.push_back(text);
  }
  return notes;
}

}  // namespace wl
