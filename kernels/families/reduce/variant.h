// What every reduction variant shares: its arguments, how its grid is sized, and how a grid
// of partial results becomes one value (here, in the last block, for single-pass and
// speed-of-light).
#pragma once
#include <algorithm>
#include <cstdint>

#include "kernels/block/block_reduce.h"
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant_info.h"
#include "kernels/grid/last_block.h"

namespace wl::reduce {

template <class T>
struct ReduceArgs {
  Global<const T> in;
  Global<T> out;                 // partials (one per block) or the single result
  Global<T> partials;            // LastBlock: one slot per block
  Global<unsigned> ticket;       // LastBlock: blocks done so far; starts at 0
  Global<T> work;                // in place: the elements the tree combines where they lie
  std::uint64_t n = 0;
};

// Grid-stride variants stop at this many blocks, as reduce6 stops at 64 (too few for an H100).
constexpr unsigned kGridStrideMaxBlocks = 1024;
// Persistent kernels: a multiprocessor full of threads in few large blocks read fastest.
constexpr unsigned kPersistentBlocksPerSm = 4;
constexpr unsigned kPersistentThreadsPerSm = 2048;

inline unsigned grid_for(GridShape shape, std::uint64_t n, unsigned block, unsigned sm_count) {
  auto ceil_div = [](std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; };
  std::uint64_t g = 1;
  switch (shape) {
    case GridShape::OnePerElement: g = ceil_div(n, block); break;
    case GridShape::TwoPerThread: g = ceil_div(n, 2ull * block); break;
    case GridShape::GridStride:
      g = ceil_div(n, 2ull * block);
      if (g > kGridStrideMaxBlocks) g = kGridStrideMaxBlocks;
      break;
    case GridShape::Persistent: {
      // 4 elements per 16-byte load (f32), 4 loads in flight per thread.
      g = ceil_div(n, 16ull * block);
      const unsigned per_sm = std::max(1u, std::min(kPersistentBlocksPerSm, kPersistentThreadsPerSm / block));
      const std::uint64_t cap = std::uint64_t(sm_count) * per_sm;
      if (g > cap) g = cap;
      break;
    }
  }
  return g == 0 ? 1u : unsigned(g);
}

// Sites recorded from this file are kFamilySites + line (kernels/dialect/README.md).
constexpr unsigned kFamilySites = 5000;

template <class T>
constexpr unsigned last_block_finish_shared_bytes() {
  return block_reduce_shared_bytes<T>() + 16;  // + the am-last word, 16-byte aligned
}

// After each block has reduced its own elements, the grid's last block (kernels/grid/
// last_block.h) reduces every block's partial into out[0], in the same launch.
// Steps: Ticket (publishing, and the last block's loads of the partials), then the last
// block's reduction as LastBlockLevel 0 .. 9, then finish. A grid of one block skips to finish:
// with no other block, the fence and the ticket are pure cost.
template <class Op, class T, class Ctx>
WL_DEVICE void finish_in_last_block(Ctx& ctx, const ReduceArgs<T>& a, Shared<T> warp_totals,
                                    Shared<unsigned> am_last, T block_total) {
  constexpr unsigned S = kFamilySites;
  const unsigned tid = ctx.thread_idx();
  if (ctx.branch(ctx.grid_dim() == 1, S + __LINE__)) {  // a lone block is the last: no fence, no ticket
    ctx.step(kFinishStep);
    if (ctx.branch(tid == 0, S + __LINE__)) ctx.st(a.out, 0, block_total, S + __LINE__);
    return;
  }
  const bool last = publish_and_take_ticket(ctx, a.partials, a.ticket, am_last, block_total);
  if (ctx.branch(last, S + __LINE__)) {
    T v = identity<Op, T>();
    for (unsigned i = tid; ctx.branch(i < ctx.grid_dim(), S + __LINE__); i += ctx.block_dim()) {
      T partial = ctx.ld_volatile(a.partials, i, S + __LINE__);
      v = Op::apply(v, partial);
    }
    T total = block_reduce<Op>(ctx, warp_totals, v, make_step(StepKind::LastBlockLevel, 0));
    ctx.step(kFinishStep);
    if (ctx.branch(tid == 0, S + __LINE__)) {
      ctx.st(a.out, 0, total, S + __LINE__);
      return_ticket(ctx, a.ticket);
    }
  }
}

}  // namespace wl::reduce
