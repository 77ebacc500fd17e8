// What a well-formed trace looks like. The file reader and writer both check it, so a file
// that was written can always be read back, and a file that was read can be trusted by the
// model (no lane out of range, no access the hardware could not have made).
#pragma once
#include <cstddef>
#include <cstdint>

#include "trace/trace.h"

namespace wl {

constexpr std::uint32_t kMaxBlockDim = 1024;       // CUDA's limit on threads per block
constexpr std::size_t kMaxMetaStringLength = 1024;  // every string of the meta and its tables
constexpr std::size_t kMaxSourceTextLength = 16u << 20;  // a carried source or SASS listing (TraceMeta::sources)
constexpr unsigned kMaxRanks = 64;  // GPUs a trace may name (8 is the most a machine here has)

// Throws TraceError("invalid trace: ...") naming the first offending field. Checks:
// - meta: strings <= kMaxMetaStringLength; every launch has block_dim in [1, kMaxBlockDim];
//   meta.grid_dim / block_dim equal launches[0]'s, or are both 0 when nothing was launched
//   (n = 0: no launches, and then no events); recorded_blocks sorted, unique and < the
//   largest grid_dim; buffer ids non-zero and ascending (so unique), names unique (JSON names
//   buffers), roles known; steps ascending and unique;
// - each event: op known; launch < launches.size(); thread < that launch's block_dim; block <
//   its grid_dim and, when recorded_blocks is not empty, listed there; step listed in
//   meta.steps; buffer kNoBuffer or in meta.buffers; memory accesses have size 1, 2, 4, 8 or
//   16 and are naturally aligned (address % size == 0), global ones name a buffer; other
//   events have size 0, 1, 2, 4 or 8.
void validate_meta(const TraceMeta& meta);
void validate_trace(const Trace& trace);

}  // namespace wl
