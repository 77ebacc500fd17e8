// per-thread-local: each thread counts its items into a histogram of its own, with plain loads
// and stores (nobody else touches it), then a second launch adds each bin up over every
// thread's histogram (its blocks stride over the bins).
//
// No atomics at all, and no contention: the price is memory. Each thread's histogram lives
// where CUDA keeps local arrays, in global memory, laid out as CUDA lays out local memory (word
// b of every thread side by side, so a warp's lanes on the same bin touch one sector), and the
// reduce reads threads x bins counters. Worth it for a few bins, hopeless for thousands: the
// grid shrinks as the bins grow (plan.h) to keep the copies at 4 MiB.
// Origin: the "local histogram then reduce" pattern of the classic courses (Udacity CS344,
// lesson 3), which keeps the copies in registers for a handful of bins.
#pragma once
#include "kernels/block/block_reduce.h"
#include "kernels/dialect/dialect.h"
#include "kernels/families/histogram/variant.h"

namespace wl::histogram {

struct LocalArgs {
  HistogramArgs hist;
  Global<std::uint32_t> local;  // bins x threads counters, zero before the launch
};

struct PerThreadLocal {
  static constexpr HistogramVariantInfo info{
      "per-thread-local", "each thread counts into its own histogram without atomics, then each bin is summed over the threads",
      "local histograms then a reduce (Udacity CS344, lesson 3)", Shape::LocalThenReduce};

  static constexpr unsigned shared_bytes(unsigned) { return 0; }

  // Launch 1: thread t counts items t, t + threads, ... into its own histogram.
  template <class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const LocalArgs& a) {
    const std::uint64_t threads = std::uint64_t(ctx.grid_dim()) * ctx.block_dim();
    const std::uint64_t t = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
    unsigned k = 0;
WL_NO_UNROLL
    for (std::uint64_t i = t; ctx.branch(i < a.hist.n); i += threads) {
      ctx.step(bin_round(k++));
      std::int32_t x = ctx.ld(a.hist.in, i);
      if (ctx.branch(in_range(x, a.hist.bins))) {
        const std::uint64_t word = std::uint64_t(x) * threads + t;
        std::uint32_t count = ctx.ld(a.local, word);
        ctx.st(a.local, word, count + 1);
      }
    }
  }

  // Launch 2: block b sums bins b, b + grid, ...: word `bin` of every thread's histogram
  // (contiguous: coalesced), with the block layer's reduction; thread 0 writes the count.
  struct Reduce {
    LocalArgs args;
    std::uint64_t threads = 0;  // of launch 1

    static constexpr unsigned shared_bytes() { return block_reduce_shared_bytes<std::uint32_t>(); }

    template <class Ctx>
    WL_DEVICE void operator()(Ctx& ctx) const {
      Shared<std::uint32_t> warp_totals = shared_array<std::uint32_t>(ctx, 32);
WL_NO_UNROLL
      for (unsigned bin = ctx.block_idx(); ctx.branch(bin < args.hist.bins); bin += ctx.grid_dim()) {
        const std::uint64_t row = std::uint64_t(bin) * threads;
        std::uint32_t sum = 0;
        ctx.step(kLoadStep);
WL_NO_UNROLL
        for (std::uint64_t k = ctx.thread_idx(); ctx.branch(k < threads); k += ctx.block_dim()) {
          std::uint32_t c = ctx.ld(args.local, row + k);
          sum += c;
        }
        std::uint32_t total = block_reduce<SumOp>(ctx, warp_totals, sum, level_step(0));
        ctx.step(kFinishStep);
        if (ctx.branch(ctx.thread_idx() == 0)) ctx.st(args.hist.counts, bin, total);
        ctx.sync();  // warp 0 has read warp_totals before the next bin writes them
      }
    }
  };
};

}  // namespace wl::histogram
