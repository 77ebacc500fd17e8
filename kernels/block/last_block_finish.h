// Block layer: finish a grid reduction in one launch. Each block writes its partial, makes it
// visible with __threadfence, and takes a ticket; the block holding the last ticket knows
// every partial is in memory, and reduces them. Used by single-pass and speed-of-light.
#pragma once
#include "kernels/block/block_reduce.h"
#include "kernels/dialect/dialect.h"
#include "kernels/reduce/variant.h"

namespace wl {

// Sites recorded from this file are kLastBlockSites + line (see kernels/dialect/README.md).
constexpr unsigned kLastBlockSites = 3000;

template <class T>
constexpr unsigned last_block_finish_shared_bytes() {
  return block_reduce_shared_bytes<T>() + 16;
}

// Steps first_step (ticket) and first_step + 1 .. + 10 (the last block's reduction).
template <class Op, class T, class Ctx>
WL_DEVICE void last_block_finish(Ctx& ctx, const reduce::ReduceArgs<T>& a, Shared<T> warp_totals,
                                 Shared<unsigned> am_last, T block_total, unsigned first_step) {
  constexpr unsigned S = kLastBlockSites;
  const unsigned tid = ctx.thread_idx();
  ctx.step(first_step);
  if (ctx.branch(tid == 0, S + __LINE__)) {
    ctx.st(a.partials, ctx.block_idx(), block_total, S + __LINE__);
    ctx.fence(S + __LINE__);
    unsigned ticket = ctx.atomic_add(a.ticket, 0, 1u, S + __LINE__);
    ctx.st(am_last, 0, unsigned(ticket == ctx.grid_dim() - 1), S + __LINE__);
  }
  ctx.sync(S + __LINE__);
  unsigned last = ctx.ld(am_last, 0, S + __LINE__);
  if (ctx.branch(last != 0, S + __LINE__)) {
    T v = identity<Op, T>();
    for (unsigned i = tid; ctx.branch(i < ctx.grid_dim(), S + __LINE__); i += ctx.block_dim()) {
      T partial = ctx.ld_volatile(a.partials, i, S + __LINE__);
      v = Op::apply(v, partial);
    }
    T total = block_reduce<Op>(ctx, warp_totals, v, first_step + 1);
    ctx.step(kFinishStep);
    if (ctx.branch(tid == 0, S + __LINE__)) ctx.st(a.out, 0, total, S + __LINE__);
  }
}

}  // namespace wl
