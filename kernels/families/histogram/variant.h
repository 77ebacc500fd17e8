// What every histogram variant shares: its arguments, the rule that maps a sample to its bin,
// the walk over the input, and the private bins in shared memory (clear, then merge).
//
// A sample is an i32; sample x counts in bin x when 0 <= x < bins, and in no bin otherwise: the
// same rule as CUB's HistogramEven with levels 0, 1, ..., bins. Counts are u32.
#pragma once
#include <cstdint>

#include "kernels/dialect/dialect.h"
#include "kernels/families/histogram/variant_info.h"

namespace wl::histogram {

struct HistogramArgs {
  Global<const std::int32_t> in;
  Global<std::uint32_t> counts;  // `bins` counts, zero before the launch
  std::uint64_t n = 0;
  unsigned bins = 0;
};

// Sites recorded from this file are kFamilySites + line (kernels/dialect/README.md).
constexpr unsigned kFamilySites = 5000;

// An Atomics variant's grid gives each thread about this many samples (plan.h sizes it), more
// only when the grid is capped at what fills the GPU.
constexpr unsigned kItemsPerThread = 16;

WL_HOST_DEVICE bool in_range(std::int32_t x, unsigned bins) { return x >= 0 && unsigned(x) < bins; }

// Round k of a thread's loop over the input is step "bin round k": the bars grow round by round.
WL_HOST_DEVICE StepId bin_round(unsigned k) { return make_step(StepKind::Bin, k < kMaxStepIndex ? k : kMaxStepIndex); }

// A thread loads this many of its rounds before counting any, so that many 16-byte loads are in
// flight, not one: the loads are what a launch at 2^20 waits on (an H200, shared-atomics at
// block 512: 8.03 against 8.70 us a run).
constexpr unsigned kRoundsLoadedTogether = 4;

// Calls f(x) for every sample the thread owns, with the lanes of a warp together: each round,
// each lane reads 4 consecutive samples with one 16-byte load, and the warp's 32 loads are
// 512 contiguous bytes. A thread's rounds are loaded kRoundsLoadedTogether at a time, then
// counted round by round. Rounds are warp-uniform (a lane past the end gets -1, in no bin), so
// f may use whole-warp collectives. The last n % 4 samples go to warp 0 of block 0.
template <class Ctx, class F>
WL_DEVICE void for_each_sample(Ctx& ctx, const HistogramArgs& a, F&& f) {
  constexpr unsigned S = kFamilySites;
  const std::uint64_t threads = std::uint64_t(ctx.grid_dim()) * ctx.block_dim();
  const std::uint64_t first = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.warp() * 32u;
  const std::uint64_t vectors = a.n / 4;
  unsigned k = 0;
WL_NO_UNROLL
  for (std::uint64_t group = first; ctx.branch(group < vectors, S + __LINE__); group += kRoundsLoadedTogether * threads) {
    ctx.step(bin_round(k));
    Vec<std::int32_t, 4> x[kRoundsLoadedTogether];
WL_UNROLL
    for (unsigned r = 0; r < kRoundsLoadedTogether; ++r) {
      x[r] = Vec<std::int32_t, 4>{{-1, -1, -1, -1}};
      const std::uint64_t round = group + r * threads;
      if (ctx.branch(round + ctx.lane() < vectors, S + __LINE__)) x[r] = ctx.ld_vec(a.in, (round + ctx.lane()) * 4, S + __LINE__);
    }
WL_UNROLL
    for (unsigned r = 0; r < kRoundsLoadedTogether; ++r) {
      if (!ctx.branch(group + r * threads < vectors, S + __LINE__)) break;  // the warp's rounds end here
      if (r) ctx.step(bin_round(k));
      ++k;
WL_UNROLL
      for (unsigned e = 0; e < 4; ++e) f(x[r].v[e]);
    }
  }
  if (ctx.branch(ctx.block_idx() == 0 && ctx.warp() == 0 && a.n % 4 != 0, S + __LINE__)) {
    ctx.step(bin_round(k));
    std::int32_t x = -1;
    if (ctx.branch(ctx.lane() < a.n % 4, S + __LINE__)) x = ctx.ld(a.in, vectors * 4 + ctx.lane(), S + __LINE__);
    f(x);
  }
}

// The block's private bins, all zero once the block has passed the barrier.
template <class Ctx>
WL_DEVICE Shared<std::uint32_t> clear_private_bins(Ctx& ctx, unsigned bins) {
  constexpr unsigned S = kFamilySites;
  Shared<std::uint32_t> own = shared_array<std::uint32_t>(ctx, bins, S + __LINE__);
  for (unsigned b = ctx.thread_idx(); ctx.branch(b < bins, S + __LINE__); b += ctx.block_dim())
    ctx.st(own, b, 0u, S + __LINE__);
  ctx.sync(S + __LINE__);
  return own;
}

// After every thread has counted: each non-zero private bin is added to the global one, one
// atomic per bin and block (not one per item).
template <class Ctx>
WL_DEVICE void merge_private_bins(Ctx& ctx, const HistogramArgs& a, Shared<std::uint32_t> own) {
  constexpr unsigned S = kFamilySites;
  ctx.sync(S + __LINE__);
  ctx.step(kFinishStep);
  for (unsigned b = ctx.thread_idx(); ctx.branch(b < a.bins, S + __LINE__); b += ctx.block_dim()) {
    std::uint32_t c = ctx.ld(own, b, S + __LINE__);
    if (ctx.branch(c != 0, S + __LINE__)) ctx.atomic_add(a.counts, b, c, S + __LINE__);
  }
}

}  // namespace wl::histogram
