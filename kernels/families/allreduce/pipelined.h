// pipelined: the ring (ring.h) as NCCL runs it. The ring's steps, but the message goes round in
// pieces, each on its own, over C channels (one block a channel, `--param channels`):
//  - Channel ch takes the ch-th of C parts of every chunk, and cuts its part into P pieces.
//  - Piece p takes the ring's 2 (K - 1) steps t = 0 .. 2K - 3 (reduce-scatter, then all-gather)
//    in rounds: step t of piece p runs in round p + t. So in one round a channel moves piece p
//    through the reduce-scatter and piece p - (K - 1) through the all-gather: both phases at
//    once, where the ring runs one after the other.
//  - No barrier of every rank: after each round a channel raises its own flag (a counter in
//    memory every rank reaches), and before round j it waits until its ring neighbour's flag
//    says it has done round j - 1, the round whose output this one reads. A rank never waits
//    for more than its neighbour.
//  - 16-byte loads and stores (two_shot_vector.h); a piece's ragged ends element by element.
//    Each store names the loads it came from (kSinceStore): a thread's stores follow one
//    another with nothing carried in its registers, which the dataflow cannot guess.
// Why waiting for the neighbour alone is enough: rank r overwrites a chunk of its output only
// in a round at least K - 1 after the round where rank r + 1 read it, and reaching that round
// means every rank, r + 1 included, finished the rounds K - 1 before (the flags chain round the
// ring). A launch starts once rank r + 1's flag shows it finished the last launch.
// Flags count rounds from launch to launch, so a launch needs no reset: every rank's flag starts
// where its last launch left it, the same count on every rank. A wait is one event whatever
// its length (the dialect's wait_flag), so the trace is the same on every run.
// Origin: NCCL's ring all-reduce (channels, chunked steps, per-connection flags).
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/allreduce/variant.h"

namespace wl::allreduce {

struct Pipelined {
  static constexpr AllReduceVariantInfo info{
      "pipelined", "the ring in pieces over channels: a piece's all-gather overlaps the next piece's reduce-scatter, "
                   "and each rank waits for its neighbour alone",
      "NCCL's ring all-reduce", /*powers_of_two=*/false, /*pitfall=*/false,
      /*deterministic_trace=*/true, /*second_buffer=*/false, /*grid_over_n=*/false, /*channels=*/true};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return 0; }

  // Piece p of channel ch's part of chunk c: [begin, end), every rank alike.
  struct Range {
    std::uint64_t begin, end;
  };
  template <class Ctx, class T>
  WL_DEVICE static Range piece(Ctx& ctx, const AllReduceArgs<T>& a, unsigned c, unsigned p) {
    const unsigned channels = ctx.grid_dim(), ch = ctx.block_idx();
    const std::uint64_t chunk = chunk_begin(a.n, ctx.ranks(), c);
    const std::uint64_t chunk_len = chunk_begin(a.n, ctx.ranks(), c + 1) - chunk;
    const std::uint64_t part = chunk + chunk_len * ch / channels;
    const std::uint64_t part_len = chunk + chunk_len * (ch + 1) / channels - part;
    return {part + part_len * p / a.pieces, part + part_len * (p + 1) / a.pieces};
  }

  // Until rank `q`'s flag of this channel has counted to `target`: thread 0 waits, the block
  // waits for it.
  template <class Ctx, class T>
  WL_DEVICE static void wait_for(Ctx& ctx, const AllReduceArgs<T>& a, unsigned q, std::uint32_t target) {
    if (ctx.branch(ctx.thread_idx() == 0)) ctx.wait_flag(a.flags[q], ctx.block_idx(), target);
    ctx.sync();
  }

  // Step t of the ring on [lo, hi): reduce-scatter step t (t < K - 1) combines rank r - 1's
  // partial (its input, at step 0) with this rank's input; all-gather step t - (K - 1) copies
  // rank r - 1's complete chunk.
  template <class Op, class T, class Ctx>
  WL_DEVICE static void one(Ctx& ctx, const AllReduceArgs<T>& a, bool reduce, bool first, std::uint64_t i) {
    const unsigned me = ctx.rank(), prev = (me + ctx.ranks() - 1) % ctx.ranks();
    if (reduce) {
      T partial = first ? ctx.ld(a.in[prev], i) : ctx.ld(a.out[prev], i);
      T mine = ctx.ld(a.in[me], i);
      ctx.st_from(a.out[me], i, Op::apply(partial, mine), 0b11 | kSinceStore);
    } else {
      T done = ctx.ld(a.out[prev], i);
      ctx.st_from(a.out[me], i, done, 0b1 | kSinceStore);
    }
  }
  template <class Op, class T, class Ctx>
  WL_DEVICE static void move(Ctx& ctx, const AllReduceArgs<T>& a, unsigned t, Range r) {
    constexpr unsigned W = kVecWidth<T>;
    const unsigned me = ctx.rank(), ranks = ctx.ranks(), prev = (me + ranks - 1) % ranks;
    const bool reduce = t + 1 < ranks, first = t == 0;
    const std::uint64_t lo = r.begin, hi = r.end;
    const std::uint64_t head_end = (lo + W - 1) / W * W;
    const std::uint64_t last = head_end < hi ? hi / W * W : head_end;  // whole vectors: [head_end, last)
    for (std::uint64_t i = head_end + W * std::uint64_t(ctx.thread_idx()); ctx.branch(i < last);
         i += W * std::uint64_t(ctx.block_dim())) {
      // Sites given: nvcc takes the vector accessors' defaulted line from their declaration.
      if (reduce) {
        Vec<T, W> partial = first ? ctx.ld_vec(a.in[prev], i, __LINE__) : ctx.ld_vec(a.out[prev], i, __LINE__);
        Vec<T, W> mine = ctx.ld_vec(a.in[me], i, __LINE__);
        for (unsigned k = 0; k < W; ++k) partial.v[k] = Op::apply(partial.v[k], mine.v[k]);
        ctx.st_vec_from(a.out[me], i, partial, 0b11 | kSinceStore, __LINE__);
      } else {
        Vec<T, W> done = ctx.ld_vec(a.out[prev], i, __LINE__);
        ctx.st_vec_from(a.out[me], i, done, 0b1 | kSinceStore, __LINE__);
      }
    }
    const std::uint64_t head = (head_end < hi ? head_end : hi) - lo, tail = last < hi ? hi - last : 0;
    for (std::uint64_t j = ctx.thread_idx(); ctx.branch(j < head + tail); j += ctx.block_dim())
      one<Op>(ctx, a, reduce, first, j < head ? lo + j : last + (j - head));
  }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const AllReduceArgs<T>& a) {
    const unsigned me = ctx.rank(), ranks = ctx.ranks();
    const unsigned prev = (me + ranks - 1) % ranks, next = (me + 1) % ranks;
    const unsigned steps = 2 * (ranks - 1), rounds = a.pieces + steps - 1;
    // Where this channel's flag stands: the rounds it ran in every launch before. Thread 0 alone
    // waits and raises, so it alone needs it.
    std::uint32_t base = 0;
    if (ctx.branch(ctx.thread_idx() == 0)) base = ctx.read_flag(a.flags[me], ctx.block_idx());
    wait_for(ctx, a, next, base);  // rank r + 1 has read all it will of the last launch
    for (unsigned j = 0; j < rounds; ++j) {
      if (j > 0) wait_for(ctx, a, prev, base + j);  // rank r - 1 has done round j - 1
      for (unsigned t = j + 1 > a.pieces ? j + 1 - a.pieces : 0; t <= j && t < steps; ++t) {
        const unsigned c = t + 1 < ranks ? (me + 2 * ranks - 1 - t) % ranks   // reduce-scatter step t
                                         : (me + 2 * ranks - (t - (ranks - 1))) % ranks;  // all-gather
        ctx.step(t + 1 < ranks ? make_step(StepKind::ReduceScatter, t) : make_step(StepKind::AllGather, t - (ranks - 1)));
        move<Op>(ctx, a, t, piece(ctx, a, c, j - t));
      }
      ctx.sync();  // the block's stores of round j are done before the flag says so
      if (ctx.branch(ctx.thread_idx() == 0)) ctx.raise_flag(a.flags[me], ctx.block_idx(), base + j + 1);
    }
  }
};

}  // namespace wl::allreduce
