// Trace format version 1, read by converting it to the current form (docs/TRACE_FORMAT.md,
// "Reading version 1"). Version 1 recorded one launch, a fixed set of buffers (0 none,
// 1 input, 2 output, 3 partials, 4 scratch) and steps numbered 0 load, k + 1 tree level k,
// 0xFFFF finish. Shared by the binary reader and the JSON import.
#pragma once
#include <vector>

#include "trace/trace.h"

namespace wl {

// The buffer table version 1 implied: input (meta.type, Input, meta.n elements), output and
// partials (meta.type, Output), scratch (u32, Temp); element counts it did not record are 0.
std::vector<BufferRecord> v1_buffers(const TraceMeta& meta);

// Converts, in place, a trace whose events and meta fields are as version 1 wrote them:
// launches = one record {variant, grid_dim, block_dim, 0, n} (none when grid_dim is 0, and
// then block_dim becomes 0), buffers = v1_buffers, every step through step_from_v1, every
// launch 0, steps = the steps used. Throws TraceError("invalid trace: ...") for a block_dim or
// a step that version 1 did not allow.
void upgrade_from_v1(Trace& trace);

}  // namespace wl
