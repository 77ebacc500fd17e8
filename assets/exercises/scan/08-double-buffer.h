// exercise: Hillis–Steele without a race
// run: --n 4096 --block 256 --type i32
// goal: correct
// goal: races == 0
// goal: barriers <= hillis-steele
// goal: span <= 32
// solution: hillis-steele
//
// This scan works in place: thread t reads element t - offset and overwrites element t in the
// same step. The barrier orders the steps, not the reads and writes inside one, so a thread may
// read a value its neighbour has already replaced (racy edges in the tree view). Give it a second
// shared buffer: each step reads one half and writes the other, one barrier a step (a second
// barrier would also fix the race, at twice the barriers). ping_pong in the info draws both halves.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/scan/variant.h"

namespace wl::scan {

struct DoubleBuffer08 {
  static constexpr ScanVariantInfo info{
      "08-double-buffer", "exercise: Hillis–Steele in place races; two shared buffers do not",
      "WarpLens exercise 08, after GPU Gems 3 ch. 39.2.1", Shape::TilesThenPropagate, 1, 2,
      /*pitfall=*/false, /*deterministic_trace=*/true, /*max_n=*/0, /*ping_pong=*/false};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned block) { return shared_array_bytes<T>(block); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ScanArgs<T>& a) {
    const unsigned block = ctx.block_dim();
    Shared<T> buffer = shared_array<T>(ctx, block);
    const unsigned tid = ctx.thread_idx();
    const std::uint64_t i = std::uint64_t(ctx.block_idx()) * block + tid;

    T x = identity<Op, T>();
    if (ctx.branch(i < a.n)) x = ctx.ld(a.in, i);
    ctx.st(buffer, tid, x);
    ctx.sync();

    unsigned level = 0;
    for (unsigned offset = 1; offset < block; offset *= 2, ++level) {
      ctx.step(level_step(level));
      T v = ctx.ld(buffer, tid);
      if (ctx.branch(tid >= offset)) {
        T below = ctx.ld(buffer, tid - offset);
        v = Op::apply(below, v);
      }
      ctx.st(buffer, tid, v);
      ctx.sync();
    }

    // Copies, told as such (st_from): the one-register rule of the dataflow would add the
    // thread's own last value as a second source.
    ctx.step(kFinishStep);
    T result = identity<Op, T>();
    if (ctx.branch(!a.exclusive)) result = ctx.ld(buffer, tid);
    else if (ctx.branch(tid > 0)) result = ctx.ld(buffer, tid - 1);
    if (ctx.branch(i < a.n)) ctx.st_from(a.out, i, result, 0b1);  // load 0 (thread 0, exclusive: none)
    if (ctx.branch(a.tile_totals.size > 0 && tid == block - 1)) {
      T total = ctx.ld(buffer, tid);
      ctx.st_from(a.tile_totals, ctx.block_idx(), total, 0b10);  // load 1
    }
  }
};

}  // namespace wl::scan
