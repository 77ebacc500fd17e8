// sort-reduce-by-key: no counters at all. Sort the items' bins, so that equal bins sit in one
// run; then a bin's count is its run's length, its end minus its start. Every launch is
// recorded: the bins, each pass of the sort, the run starts, the run lengths.
//
// The histogram as a data-parallel pipeline: no atomics, no contention, the same cost on any
// input, and a deterministic result. The sort is the price: here a bitonic network, log2(P)
// (log2(P) + 1) / 2 passes over P = n rounded up to a power of two (padded with an
// out-of-range bin that sorts last). Libraries use a radix sort and CUB's ReduceByKey for the
// same two stages.
// Origin: sort then reduce-by-key, as Thrust's histogram example does it (thrust::sort, then
// thrust::upper_bound / reduce_by_key); bitonic sort from Batcher (1968).
#pragma once
#include "kernels/dialect/dialect.h"
#include "kernels/families/histogram/variant.h"

namespace wl::histogram {

struct SortArgs {
  HistogramArgs hist;
  Global<std::int32_t> keys;         // P bins: the items', then the padding's
  Global<std::uint64_t> run_start;   // bins: where each bin's run begins
  std::uint64_t padded = 0;          // P
  std::uint64_t span = 0, stride = 0;  // the sort pass: merging runs of `span`, comparing `stride` apart
  unsigned pass = 0;
};

struct SortReduceByKey {
  static constexpr HistogramVariantInfo info{
      "sort-reduce-by-key", "sort the items' bins, then each bin's count is the length of its run: no atomics",
      "sort + reduce-by-key (Thrust's histogram example)", Shape::SortThenReduce};

  static constexpr unsigned shared_bytes(unsigned) { return 0; }

  // Launch 1: keys[i] = the bin of item i; items out of range and the padding get bin `bins`.
  struct Keys {
    SortArgs a;
    template <class Ctx>
    WL_DEVICE void operator()(Ctx& ctx) const {
      const std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
      ctx.step(kLoadStep);
      if (!ctx.branch(i < a.padded)) return;
      std::int32_t key = std::int32_t(a.hist.bins);
      if (ctx.branch(i < a.hist.n)) {
        std::int32_t x = ctx.ld(a.hist.in, i);
        if (in_range(x, a.hist.bins)) key = x;
      }
      ctx.st(a.keys, i, key);
    }
  };

  // A pass of the bitonic network: thread t compares one pair, `stride` apart, and orders it
  // up or down by the `span`-run it is in.
  struct SortPass {
    SortArgs a;
    template <class Ctx>
    WL_DEVICE void operator()(Ctx& ctx) const {
      const std::uint64_t t = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
      ctx.step(make_step(StepKind::Sort, a.pass));
      if (!ctx.branch(t < a.padded / 2)) return;
      const std::uint64_t i = t / a.stride * 2 * a.stride + t % a.stride, j = i + a.stride;
      std::int32_t x = ctx.ld(a.keys, i);
      std::int32_t y = ctx.ld(a.keys, j);
      const bool up = (i & a.span) == 0;
      if (ctx.branch(up ? x > y : x < y)) {
        ctx.st(a.keys, i, y);
        ctx.st(a.keys, j, x);
      }
    }
  };

  // After the sort: the first item of each run records where its bin starts.
  struct RunStarts {
    SortArgs a;
    template <class Ctx>
    WL_DEVICE void operator()(Ctx& ctx) const {
      const std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
      ctx.step(make_step(StepKind::Merge));
      if (!ctx.branch(i < a.hist.n)) return;
      std::int32_t key = ctx.ld(a.keys, i);
      std::int32_t before = -1;
      if (ctx.branch(i > 0)) before = ctx.ld(a.keys, i - 1);
      if (ctx.branch(key < std::int32_t(a.hist.bins) && key != before)) ctx.st(a.run_start, std::uint64_t(key), i);
    }
  };

  // The last launch: the last item of each run writes its bin's count, end - start.
  struct RunLengths {
    SortArgs a;
    template <class Ctx>
    WL_DEVICE void operator()(Ctx& ctx) const {
      const std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
      ctx.step(kFinishStep);
      if (!ctx.branch(i < a.hist.n)) return;
      std::int32_t key = ctx.ld(a.keys, i);
      std::int32_t after = std::int32_t(a.hist.bins);
      if (ctx.branch(i + 1 < a.hist.n)) after = ctx.ld(a.keys, i + 1);
      if (ctx.branch(key < std::int32_t(a.hist.bins) && key != after)) {
        std::uint64_t start = ctx.ld(a.run_start, std::uint64_t(key));
        ctx.st(a.hist.counts, std::uint64_t(key), std::uint32_t(i + 1 - start));
      }
    }
  };
};

}  // namespace wl::histogram
