// ring: 2 (K - 1) steps between neighbours only. In reduce-scatter step s, rank r reads chunk
// (r - 1 - s) mod K from rank r - 1's output, combines its own input into it and keeps it; after
// K - 1 steps rank r holds chunk r + 1 complete. In all-gather step s it copies chunk (r - s)
// mod K, complete, from rank r - 1. A rank barrier between steps: a chunk is read only after
// its neighbour wrote it. Each rank moves 2 (K - 1) / K n elements, all over one link.
// Origin: the ring all-reduce (Patarasuk and Yuan, 2009), NCCL's algorithm for large messages.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/allreduce/variant.h"

namespace wl::allreduce {

// The ring and its pitfall, the ring without the barriers between steps.
template <bool kBarriers>
struct RingOf {
  static constexpr const char* lines_in = "kernels/families/allreduce/ring.h";  // for the variants built on it
  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return 0; }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const AllReduceArgs<T>& a) {
    const unsigned me = ctx.rank(), ranks = ctx.ranks(), prev = (me + ranks - 1) % ranks;
    ctx.rank_barrier();  // every rank's input is in place
    // Before step 0, a rank's own chunk is its input as it is.
    ctx.step(kLoadStep);
    for (std::uint64_t i = chunk_begin(a.n, ranks, me) + first_element(ctx);
         ctx.branch(i < chunk_begin(a.n, ranks, me + 1)); i += grid_stride(ctx)) {
      T x = ctx.ld(a.in[me], i);
      ctx.st_from(a.out[me], i, x, 0b1 | kSinceStore);  // names its load: nothing else is carried
    }
    if (kBarriers) ctx.rank_barrier();
    for (unsigned s = 0; s + 1 < ranks; ++s) {
      ctx.step(make_step(StepKind::ReduceScatter, s));
      const unsigned c = (me + 2 * ranks - 1 - s) % ranks;
      for (std::uint64_t i = chunk_begin(a.n, ranks, c) + first_element(ctx);
           ctx.branch(i < chunk_begin(a.n, ranks, c + 1)); i += grid_stride(ctx)) {
        T partial = ctx.ld(a.out[prev], i);  // what ranks c .. prev combined so far
        T mine = ctx.ld(a.in[me], i);
        ctx.st_from(a.out[me], i, Op::apply(partial, mine), 0b11 | kSinceStore);
      }
      if (kBarriers) ctx.rank_barrier();
    }
    for (unsigned s = 0; s + 1 < ranks; ++s) {
      ctx.step(make_step(StepKind::AllGather, s));
      const unsigned c = (me + ranks - s) % ranks;
      for (std::uint64_t i = chunk_begin(a.n, ranks, c) + first_element(ctx);
           ctx.branch(i < chunk_begin(a.n, ranks, c + 1)); i += grid_stride(ctx)) {
        T done = ctx.ld(a.out[prev], i);
        ctx.st_from(a.out[me], i, done, 0b1 | kSinceStore);
      }
      if (kBarriers) ctx.rank_barrier();
    }
    if (!kBarriers) ctx.rank_barrier();  // the pitfall still waits for everyone at the end
  }
};

struct Ring : RingOf<true> {
  static constexpr AllReduceVariantInfo info{
      "ring", "2 (K - 1) steps between neighbours: reduce-scatter, then all-gather, a barrier between steps",
      "ring all-reduce (Patarasuk and Yuan), NCCL's ring"};
};

}  // namespace wl::allreduce
