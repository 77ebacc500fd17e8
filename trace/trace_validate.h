// What a well-formed trace looks like. The file reader and writer both check it, so a file
// that was written can always be read back, and a file that was read can be trusted by the
// model (no lane out of range, no access the hardware could not have made).
#pragma once
#include <cstddef>
#include <cstdint>

#include "trace/trace.h"

namespace wl {

constexpr std::uint32_t kMaxBlockDim = 1024;       // CUDA's limit on threads per block
constexpr std::uint16_t kMaxStep = 4095;           // steps are tree levels; kFinishStep too
constexpr std::size_t kMaxMetaStringLength = 1024;  // family, variant, op, type, backend

// Throws TraceError("invalid trace: ...") naming the first offending field. Checks:
// - meta: block_dim in [1, kMaxBlockDim], strings <= kMaxMetaStringLength (grid_dim may be 0:
//   n = 0 launches nothing, and such a trace can hold no events),
//   recorded_blocks sorted, unique and < grid_dim;
// - each event: op known; thread < block_dim; block < grid_dim and, when recorded_blocks is
//   not empty, listed there; step <= kMaxStep or kFinishStep; buffer known; memory accesses
//   have size 1, 2, 4, 8 or 16 and are naturally aligned (address % size == 0), global ones
//   name a buffer; other events have size 0, 1, 2, 4 or 8.
void validate_meta(const TraceMeta& meta);
void validate_event(const Event& e, const TraceMeta& meta, std::size_t index);
void validate_trace(const Trace& trace);

}  // namespace wl
