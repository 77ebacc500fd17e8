// exercise: Add during the load
// run: --n 131072 --block 256 --type i32
// goal: correct
// goal: barriers < sequential
// goal: span <= 64
// solution: first-add-on-load
//
// Half the threads of this kernel idle from the first level on: all they did was load one
// element. Let every thread load two elements, a block apart, and add them before it writes
// shared memory; then a block covers 2 * blockDim elements and the grid needs half the blocks.
// Say so to the host: the info's GridShape (kernels/families/reduce/variant_info.h) sizes the grid.
// The check counts block 0 of every launch: with half the partials, a whole pass goes.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct AddOnLoad03 {
  static constexpr ReduceVariantInfo info{
      "03-add-on-load", "exercise: sequential, with the first add during the load: half the blocks",
      "WarpLens exercise 03, after Harris kernels 3 and 4", Finish::Partials, GridShape::OnePerElement, 1};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned block) { return shared_array_bytes<T>(block); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    Shared<T> sdata = shared_array<T>(ctx, ctx.block_dim());
    const unsigned tid = ctx.thread_idx();
    const std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + tid;

    T v = identity<Op, T>();
    if (ctx.branch(i < a.n)) v = ctx.ld(a.in, i);
    ctx.st(sdata, tid, v);
    ctx.sync();

    unsigned level = 0;
    for (unsigned s = ctx.block_dim() / 2; s > 0; s >>= 1, ++level) {
      ctx.step(level_step(level));
      if (ctx.branch(tid < s)) {
        T left = ctx.ld(sdata, tid);
        T right = ctx.ld(sdata, tid + s);
        ctx.st(sdata, tid, Op::apply(left, right));
      }
      ctx.sync();
    }

    ctx.step(kFinishStep);
    if (ctx.branch(tid == 0)) {
      T total = ctx.ld(sdata, 0);
      ctx.st(a.out, ctx.block_idx(), total);
    }
  }
};

}  // namespace wl::reduce
