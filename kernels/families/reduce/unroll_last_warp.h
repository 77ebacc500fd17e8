// unroll-last-warp: the tree runs with __syncthreads only while more than one warp is active;
// the last 32 values are finished by one warp with register shuffles.
//
// Once s <= 32 only warp 0 works, yet every level still pays a block-wide barrier. Warp 0 now
// adds in the second warp's values and finishes with __shfl_down_sync, which exchanges
// registers and synchronizes the named lanes itself: no barrier, no shared memory.
// (The original kernel used volatile shared memory without any synchronization; that is kept
// as the pitfall `unroll-last-warp-volatile`.)
// Origin: Harris kernel 5, cuda-samples reduce4.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct UnrollLastWarp {
  static constexpr ReduceVariantInfo info{
      "unroll-last-warp", "last warp finishes with __shfl_down_sync instead of barriers",
      "Harris kernel 5, cuda-samples reduce4", Finish::Partials, GridShape::TwoPerThread, 64};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned block) { return shared_array_bytes<T>(block); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    Shared<T> sdata = shared_array<T>(ctx, ctx.block_dim());
    const unsigned tid = ctx.thread_idx();
    const std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() * 2 + tid;

    T v = identity<Op, T>();
    if (ctx.branch(i < a.n)) v = ctx.ld(a.in, i);
    if (ctx.branch(i + ctx.block_dim() < a.n)) {
      T second = ctx.ld(a.in, i + ctx.block_dim());
      v = Op::apply(v, second);
    }
    ctx.st(sdata, tid, v);
    ctx.sync();

    unsigned level = 0;
    for (unsigned s = ctx.block_dim() / 2; s > 32; s >>= 1, ++level) {
      ctx.step(level_step(level));
      if (ctx.branch(tid < s)) {
        T left = ctx.ld(sdata, tid);
        T right = ctx.ld(sdata, tid + s);
        ctx.st(sdata, tid, Op::apply(left, right));
      }
      ctx.sync();
    }

    ctx.step(level_step(level));
    if (ctx.branch(tid < 32)) {
      T mine = ctx.ld(sdata, tid);
      T other = ctx.ld(sdata, tid + 32);
      v = Op::apply(mine, other);
      for (unsigned offset = 16; offset > 0; offset /= 2) {
        ctx.step(level_step(++level));
        T received = ctx.shfl_down(0xffffffffu, v, offset);
        v = Op::apply(v, received);
      }
      ctx.step(kFinishStep);
      if (ctx.branch(tid == 0)) ctx.st(a.out, ctx.block_idx(), v);
    }
  }
};

}  // namespace wl::reduce
