// two-shot-vector: two-shot (two_shot.h) moving 16 bytes a load and a store, as NCCL's kernels
// do. Links and memory deliver far more bytes a request for wide accesses: on two H200s the
// scalar two-shot levels off near 210 GB/s busbw while NCCL reaches 327. A chunk's ends that
// are not whole vectors go element by element.
// Origin: NCCL's LSA all-reduce kernels (vectorised loads and stores).
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/allreduce/variant.h"

namespace wl::allreduce {

struct TwoShotVector {
  static constexpr AllReduceVariantInfo info{
      "two-shot-vector", "two-shot with 16-byte loads and stores: the same bytes in a quarter of the requests",
      "NCCL's LSA all-reduce kernels"};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return 0; }

  // Element i alone: combined from every rank, stored into every rank.
  template <class Op, class T, class Ctx>
  WL_DEVICE static void one(Ctx& ctx, const AllReduceArgs<T>& a, std::uint64_t i) {
    T v = ctx.ld(a.in[0], i);
    for (unsigned q = 1; q < ctx.ranks(); ++q) {
      T x = ctx.ld(a.in[q], i);
      v = Op::apply(v, x);
    }
    ctx.st_from(a.out[0], i, v, ((1u << ctx.ranks()) - 1) | kSinceStore);  // its K loads, not the last vector
    for (unsigned q = 1; q < ctx.ranks(); ++q) ctx.st(a.out[q], i, v);
  }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const AllReduceArgs<T>& a) {
    constexpr unsigned W = kVecWidth<T>;
    const unsigned me = ctx.rank(), ranks = ctx.ranks();
    const std::uint64_t begin = chunk_begin(a.n, ranks, me), end = chunk_begin(a.n, ranks, me + 1);
    const std::uint64_t first = (begin + W - 1) / W * W;
    const std::uint64_t last = first < end ? end / W * W : first;  // whole vectors: [first, last)
    ctx.rank_barrier();  // every rank's input is in place
    ctx.step(make_step(StepKind::ReduceScatter, 0));
    for (std::uint64_t i = first + W * first_element(ctx); ctx.branch(i < last); i += W * grid_stride(ctx)) {
      // Sites given: nvcc takes the vector accessors' defaulted line from their declaration.
      Vec<T, W> v = ctx.ld_vec(a.in[0], i, __LINE__);
      for (unsigned q = 1; q < ranks; ++q) {
        Vec<T, W> x = ctx.ld_vec(a.in[q], i, __LINE__);
        for (unsigned k = 0; k < W; ++k) v.v[k] = Op::apply(v.v[k], x.v[k]);
      }
      // Lane k of the sum from lane k of each load (kSinceStore), then copies of it: the dataflow's
      // own rule would combine every lane of every load into each.
      ctx.st_vec_from(a.out[0], i, v, ((1u << ranks) - 1) | kSinceStore, __LINE__);
      for (unsigned q = 1; q < ranks; ++q) ctx.st_vec(a.out[q], i, v, __LINE__);
    }
    // The chunk's ends: before the first whole vector and after the last.
    const std::uint64_t head = (first < end ? first : end) - begin, tail = last < end ? end - last : 0;
    for (std::uint64_t j = first_element(ctx); ctx.branch(j < head + tail); j += grid_stride(ctx))
      one<Op>(ctx, a, j < head ? begin + j : last + (j - head));
    ctx.rank_barrier();  // every rank's stores have landed before any rank reads its output
  }
};

}  // namespace wl::allreduce
