// hillis-steele: at step k every element at or above 2^k adds the element 2^k below it; after
// log2(block) steps each element holds the sum of everything up to it.
//
// Step-efficient, not work-efficient: log n steps, but n log n additions where a sequential
// scan needs n - 1. Every step reads what the step before wrote, so it ping-pongs between two
// shared buffers: writing in place would let a thread overwrite a value its neighbour has not
// read yet. Exclusive: each element takes its left neighbour's inclusive result.
// Origin: Hillis and Steele 1986; GPU Gems 3, chapter 39, "naive parallel scan".
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/scan/variant.h"

namespace wl::scan {

// kBuffers = 2 ping-pongs; 1 is the in-place pitfall (hillis_steele_single_buffer.h).
template <unsigned kBuffers>
struct HillisSteeleWith {
  static constexpr const char* lines_in = "kernels/families/scan/hillis_steele.h";  // for the variants built on it
  template <class T>
  static constexpr unsigned shared_bytes(unsigned block) { return shared_array_bytes<T>(kBuffers * block); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ScanArgs<T>& a) {
    const unsigned block = ctx.block_dim();
    Shared<T> buffer = shared_array<T>(ctx, kBuffers * block);
    const unsigned tid = ctx.thread_idx();
    const std::uint64_t i = std::uint64_t(ctx.block_idx()) * block + tid;

    T x = identity<Op, T>();
    if (ctx.branch(i < a.n)) x = ctx.ld(a.in, i);
    ctx.st(buffer, tid, x);
    ctx.sync();

    unsigned from = 0;  // which half holds the last step's values
    unsigned level = 0;
    for (unsigned offset = 1; offset < block; offset *= 2, ++level) {
      ctx.step(level_step(level));
      T v = ctx.ld(buffer, from + tid);
      if (ctx.branch(tid >= offset)) {
        T below = ctx.ld(buffer, from + tid - offset);
        v = Op::apply(below, v);
      }
      const unsigned to = kBuffers == 2 ? block - from : 0;
      ctx.st(buffer, to + tid, v);
      from = to;
      ctx.sync();
    }

    // Copies, told as such (st_from): the one-register rule of the dataflow would add the
    // thread's own last value as a second source. Past n nothing is stored, so a compiler
    // drops the load too (a plain-CUDA spelling, kernels/plain/, records none).
    ctx.step(kFinishStep);
    unsigned loads = 0;
    if (ctx.branch(i < a.n)) {
      T result = identity<Op, T>();
      if (ctx.branch(!a.exclusive)) result = ctx.ld(buffer, from + tid), loads = 1;
      else if (ctx.branch(tid > 0)) result = ctx.ld(buffer, from + tid - 1), loads = 1;
      ctx.st_from(a.out, i, result, 0b1);  // load 0 (thread 0, exclusive: none)
    }
    if (ctx.branch(a.tile_totals.size > 0 && tid == block - 1)) {
      T total = ctx.ld(buffer, from + tid);
      ctx.st_from(a.tile_totals, ctx.block_idx(), total, 1u << loads);  // the step's next load
    }
  }
};

struct HillisSteele : HillisSteeleWith<2> {
  static constexpr ScanVariantInfo info{
      "hillis-steele", "log n steps of adds at distance 1, 2, 4, ...: n log n work, double-buffered",
      "Hillis & Steele 1986; GPU Gems 3 ch. 39", Shape::TilesThenPropagate, 1, 2,
      /*pitfall=*/false, /*deterministic_trace=*/true, /*max_n=*/0, /*ping_pong=*/true};
};

}  // namespace wl::scan
