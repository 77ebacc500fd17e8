// What every all-reduce variant shares: its arguments (every rank's buffers, so a kernel reaches
// a peer's memory as a.in[peer]) and how a rank's elements are split into K chunks.
#pragma once
#include <cstdint>

#include "kernels/dialect/dialect.h"
#include "kernels/families/allreduce/variant_info.h"

namespace wl::allreduce {

// GPUs a run may use: the most one machine here holds (and what kernels' arguments make room for).
constexpr unsigned kMaxRanks = 8;

// Each array holds one view a rank, indexed by rank: in[ctx.rank()] is this GPU's own input,
// in[q] the same buffer on GPU q (on the GPU, a peer pointer into a symmetric window).
template <class T>
struct AllReduceArgs {
  Global<const T> in[kMaxRanks];
  Global<T> out[kMaxRanks];
  Global<T> second[kMaxRanks];  // a second buffer, for variants that ping-pong
  // A counter a channel (block), for variants that signal per channel (info.channels): how many
  // rounds that channel of that rank has finished, over every launch so far. Zero at first.
  Global<std::uint32_t> flags[kMaxRanks];
  std::uint64_t n = 0;          // elements on every rank
  unsigned pieces = 1;          // pieces a channel cuts its part of each chunk into (pieces_of)
};

// Chunk c of K over n elements is [chunk_begin(c), chunk_begin(c + 1)): sizes differ by one at
// most, and every rank splits alike.
WL_HOST_DEVICE std::uint64_t chunk_begin(std::uint64_t n, unsigned ranks, unsigned c) {
  return n * c / ranks;
}

// This thread's first element of a grid-stride loop, and the loop's stride: the same on every
// rank, so element j of a chunk is handled by the same block everywhere, the block whose rank
// barrier waits for it.
template <class Ctx>
WL_DEVICE std::uint64_t first_element(Ctx& ctx) {
  return std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
}
template <class Ctx>
WL_DEVICE std::uint64_t grid_stride(Ctx& ctx) {
  return std::uint64_t(ctx.grid_dim()) * ctx.block_dim();
}

}  // namespace wl::allreduce
