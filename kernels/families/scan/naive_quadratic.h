// naive-quadratic: thread i adds up in[0..i] on its own, one element per step. No thread uses
// another's work.
//
// This is the scan as a loop of n independent reductions: n(n+1)/2 combines where a sequential
// scan needs n - 1, and the last thread's chain is n long, so it is neither work- nor
// step-efficient. Every other variant is a way of sharing these partial sums between threads.
// Step j is "every thread at or past j adds in[j]": the tree view draws the triangle of work.
// It takes n up to 4096 (one step per element).
// Origin: the first slide of the classic scan lecture (e.g. Harris, "Parallel Prefix Sum").
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/scan/variant.h"

namespace wl::scan {

struct NaiveQuadratic {
  static constexpr ScanVariantInfo info{
      "naive-quadratic", "every output sums its own prefix alone: n(n+1)/2 combines and a chain n long",
      "the classic lecture's starting point (Harris, Parallel Prefix Sum)", Shape::Independent, 1, 1,
      /*pitfall=*/false, /*deterministic_trace=*/true, /*max_n=*/kMaxStepIndex + 1};

  template <class T>
  static constexpr unsigned shared_bytes(unsigned) { return 0; }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ScanArgs<T>& a) {
    const std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
    if (!ctx.branch(i < a.n)) return;
    const std::uint64_t end = a.exclusive ? i : i + 1;
    T sum = identity<Op, T>();
WL_NO_UNROLL
    for (std::uint64_t j = 0; ctx.branch(j < end); ++j) {
      ctx.step(level_step(unsigned(j)));
      T x = ctx.ld(a.in, j);
      sum = Op::apply(sum, x);
    }
    ctx.step(kFinishStep);
    ctx.st(a.out, i, sum);
  }
};

}  // namespace wl::scan
