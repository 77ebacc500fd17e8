// cuda_names: yours, written with CUDA's own names where the dialect has its own (a learner's
// first try). It must not compile on the simulator, each error said once however many types the
// kernel is built for, and a line after the errors says what the dialect calls each name.
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

struct CudaNames {
  static constexpr ReduceVariantInfo info{
      "cuda-names", "CUDA's names in a dialect kernel", "tests/lab", Finish::Partials, GridShape::OnePerElement, 1};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned block) { return shared_array_bytes<T>(block); }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ReduceArgs<T>& a) {
    const unsigned tid = threadIdx.x;
    T v = identity<Op, T>();
    if (ctx.branch(tid < a.n)) v = ctx.ld(a.in, tid);
    __syncthreads();
    atomicAdd(a.out, v);  // depends on T: an error for each type the kernel is built for
  }
};

}  // namespace wl::reduce
