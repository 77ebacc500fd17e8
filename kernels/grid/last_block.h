// Grid layer: which block finishes? Each block publishes its partial, makes it visible with
// __threadfence, and takes a ticket from a global counter; the block that draws the last ticket
// knows every partial is in memory. Without the fence, the last block could read a partial
// whose write another block has not yet made visible. When it is done, the last block puts the
// counter back to 0, so the next launch needs no memset before it: one launch is the whole
// reduction. Origin: cuda-samples threadFenceReduction.
#pragma once
#include "kernels/dialect/dialect.h"

namespace wl {

// Sites recorded from this file are kLastBlockSites + line (see kernels/dialect/README.md).
constexpr unsigned kLastBlockSites = 3000;

// Thread 0 writes `partial` to partials[block], fences and takes a ticket (one atomic on
// ticket[0], which starts at 0). Returns, in every thread, whether this block drew the last one.
// Recorded as the Ticket step. am_last: one shared word, the block's answer.
template <class Ctx, class T>
WL_DEVICE bool publish_and_take_ticket(Ctx& ctx, Global<T> partials, Global<unsigned> ticket,
                                       Shared<unsigned> am_last, T partial) {
  constexpr unsigned S = kLastBlockSites;
  ctx.step(make_step(StepKind::Ticket));
  if (ctx.branch(ctx.thread_idx() == 0, S + __LINE__)) {
    ctx.st(partials, ctx.block_idx(), partial, S + __LINE__);
    ctx.fence(S + __LINE__);
    unsigned drawn = ctx.atomic_add(ticket, 0, 1u, S + __LINE__);
    ctx.st(am_last, 0, unsigned(drawn == ctx.grid_dim() - 1), S + __LINE__);
  }
  ctx.sync(S + __LINE__);
  unsigned last = ctx.ld(am_last, 0, S + __LINE__);
  return last != 0;
}

// The last block, once it has read every partial: the counter back to 0 for the next launch.
// Every other block has taken its ticket by then, so no one reads the counter after this.
template <class Ctx>
WL_DEVICE void return_ticket(Ctx& ctx, Global<unsigned> ticket) {
  ctx.st(ticket, 0, 0u, kLastBlockSites + __LINE__);
}

}  // namespace wl
