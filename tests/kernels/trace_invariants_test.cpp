// Trace invariants worked out by hand, for one block of 256 threads (f32 sum, n = 256):
// who is active at each level, which warps diverge, and the bank-conflict totals.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "kernels/host/input.h"
#include "kernels/families/reduce/traits.h"
#include "model/divergence.h"
#include "model/metrics.h"

namespace wl::reduce {
namespace {

Trace record(const std::string& variant, std::uint64_t n = 256, std::uint64_t cap = 1u << 22) {
  RunRequest r;
  r.variant = variant;
  r.n = n;
  r.block = 256;
  r.record = true;
  r.record_blocks = {0};
  r.event_cap = cap;
  const std::vector<float> input = make_input<float>(Pattern::Random, n, 5, "sum");
  return run_sim(r, input.data()).trace;
}

bool is_shared(const Event& e) { return e.op == OpKind::SharedLoad || e.op == OpKind::SharedStore; }

// Threads with a shared-memory access in each step.
std::map<unsigned, std::set<unsigned>> shared_threads_by_step(const Trace& t) {
  std::map<unsigned, std::set<unsigned>> out;
  for (const Event& e : t.events)
    if (is_shared(e)) out[e.step].insert(e.thread);
  return out;
}

// For each (step, warp): were the warp's branch outcomes mixed?
std::map<std::pair<unsigned, unsigned>, bool> mixed_branches(const Trace& t) {
  std::map<std::pair<unsigned, unsigned>, std::pair<bool, bool>> seen;  // (any taken, any not)
  for (const Event& e : t.events)
    if (e.op == OpKind::Branch) {
      auto& s = seen[{e.step, e.warp()}];
      (e.taken() ? s.first : s.second) = true;
    }
  std::map<std::pair<unsigned, unsigned>, bool> out;
  for (auto& [key, s] : seen) out[key] = s.first && s.second;
  return out;
}

TEST(TraceInvariants, SequentialHalvesItsActiveThreadsAndDivergesOnlyBelowAWarp) {
  const Trace t = record("sequential");
  const auto active = shared_threads_by_step(t);
  const auto mixed = mixed_branches(t);
  for (unsigned k = 0; k < 8; ++k) {
    const unsigned step = level_step(k), expected = 128u >> k;
    ASSERT_EQ(active.at(step).size(), expected) << "level " << k;
    EXPECT_EQ(*active.at(step).rbegin(), expected - 1) << "active threads are 0 .. s-1";
    for (unsigned w = 0; w < 8; ++w) {
      const bool should_diverge = expected < 32 && w == 0;  // only warp 0 is split, and only below 32
      EXPECT_EQ(mixed.at({step, w}), should_diverge) << "level " << k << " warp " << w;
    }
  }
  // The model says the same.
  for (const WarpStep& ws : divergence_grid(t)) {
    if (step_kind(ws.step) == StepKind::Level && step_index(ws.step) < 8) {
      EXPECT_EQ(ws.divergent(), (128u >> step_index(ws.step)) < 32 && ws.warp == 0) << ws.step << " " << ws.warp;
    }
  }
}

TEST(TraceInvariants, InterleavedDivergentSplitsEveryWarpWithWorkAtEveryLevel) {
  const Trace t = record("interleaved-divergent");
  const auto active = shared_threads_by_step(t);
  const auto mixed = mixed_branches(t);
  for (unsigned k = 0; k < 8; ++k) {
    const unsigned step = level_step(k), stride = 2u << k;
    ASSERT_EQ(active.at(step).size(), 256 / stride) << "tid % (2s) == 0 leaves 256 / 2s threads";
    std::set<unsigned> warps_with_work;
    for (unsigned tid : active.at(step)) {
      EXPECT_EQ(tid % stride, 0u);
      warps_with_work.insert(tid / 32);
    }
    for (unsigned w : warps_with_work) EXPECT_TRUE(mixed.at({step, w})) << "level " << k << " warp " << w;
  }
}

// Hand count, one block of 256, 4-byte words. Load phase: 8 warps store sdata[tid], one
// wavefront each. Finish: thread 0 loads sdata[0], one wavefront.
//  sequential: at stride s the active lanes touch consecutive words: 1 wavefront per request.
//   Requests per level (2 loads + 1 store per active warp): s=128: 4 warps, 64: 2, 32..1: 1.
//   Loads 2*(4+2+1+5) + 1 = 25, stores 8 + 4+2+1+5 = 20, no conflicts.
//  interleaved-divergent: the active lanes tid % 2s == 0 touch distinct banks (at most 16
//   lanes, word tid): 1 wavefront per request, no conflicts. Warps with work: 8 for s <= 16,
//   then 4, 2, 1. Loads 2*(8*5 + 4+2+1) + 1 = 95, stores 8 + 8*5 + 4+2+1 = 55.
//  interleaved-strided: lane tid touches words 2s*tid and 2s*tid + s; a request costs the
//   most distinct words that land in one bank: s=1: 2 (4 warps active), s=2: 4 (2 warps),
//   s=4: 8 (32 lanes on 4 banks), s=8: 8 (16 lanes on banks 0 and 16), s=16: 8 (8 lanes, all
//   on bank 0), s=32: 4, s=64: 2, s=128: 1 (one warp from s=4 on).
//   Loads 2*(4*2 + 2*4 + 8+8+8+4+2+1) + 1 = 95 in 25 requests: 70 conflicts.
//   Stores 8 + (4*2 + 2*4 + 8+8+8+4+2+1) = 55 in 20 requests: 35 conflicts.
struct BankTotals {
  const char* variant;
  std::uint64_t ld_wavefronts, ld_conflicts, st_wavefronts, st_conflicts;
};

TEST(TraceInvariants, BankConflictTotalsMatchTheHandCount) {
  for (const BankTotals& b : {BankTotals{"sequential", 25, 0, 20, 0},
                              BankTotals{"interleaved-divergent", 95, 0, 55, 0},
                              BankTotals{"interleaved-strided", 95, 70, 55, 35}}) {
    const Metrics m = compute_metrics(record(b.variant));
    EXPECT_EQ(m.total.shared_ld.wavefronts, b.ld_wavefronts) << b.variant;
    EXPECT_EQ(m.total.shared_ld.conflicts, b.ld_conflicts) << b.variant;
    EXPECT_EQ(m.total.shared_st.wavefronts, b.st_wavefronts) << b.variant;
    EXPECT_EQ(m.total.shared_st.conflicts, b.st_conflicts) << b.variant;
    EXPECT_EQ(m.total.barriers, 9u) << "one after the load, one per level";
  }
}

TEST(TraceInvariants, TheEventCapIsFlaggedNeverCutSilently) {
  const Trace full = record("sequential");
  const Trace capped = record("sequential", 256, 100);
  EXPECT_FALSE(full.overflowed());
  EXPECT_TRUE(capped.overflowed());
  EXPECT_EQ(capped.events.size(), 100u);
  EXPECT_EQ(capped.events.size() + capped.meta.events_dropped, full.events.size());
  EXPECT_TRUE(compute_metrics(capped).incomplete);
}

TEST(TraceInvariants, OnlyTheChosenBlocksAreRecorded) {
  RunRequest r;
  r.variant = "sequential";
  r.n = 4096;
  r.record = true;
  r.record_blocks = {3, 7, 99};  // 99 is past the grid of 16 and is ignored
  const std::vector<float> input = make_input<float>(Pattern::Ones, r.n, 1, "sum");
  const Trace t = run_sim(r, input.data()).trace;
  std::set<unsigned> blocks;
  for (const Event& e : t.events) blocks.insert(e.block);
  EXPECT_EQ(blocks, (std::set<unsigned>{3, 7}));
  EXPECT_EQ(t.meta.recorded_blocks, (std::vector<std::uint32_t>{3, 7}));
}

// A grid of one block finishes without the fence and the ticket; two blocks need both. With
// n = 256 and blocks of 256, single-pass and speed-of-light run one block; at n = 8192
// single-pass runs 16 and speed-of-light 2 (8192 / (16 * 256)).
TEST(TraceInvariants, OnlyAGridOfSeveralBlocksTakesATicket) {
  auto count = [](const Trace& t, OpKind op) {
    std::size_t k = 0;
    for (const Event& e : t.events) k += e.op == op;
    return k;
  };
  for (const char* variant : {"single-pass", "speed-of-light"}) {
    const Trace one = record(variant, 256);
    EXPECT_EQ(one.meta.launches.front().grid_dim, 1u);
    EXPECT_EQ(count(one, OpKind::Fence), 0u) << variant;
    EXPECT_EQ(count(one, OpKind::GlobalAtomic), 0u) << variant;
    EXPECT_EQ(count(one, OpKind::GlobalStore), 1u) << variant << ": thread 0 stores the result";
    const Trace several = record(variant, 8192);
    EXPECT_GT(several.meta.launches.front().grid_dim, 1u);
    EXPECT_EQ(count(several, OpKind::Fence), 1u) << variant << ": block 0's thread 0";
    EXPECT_EQ(count(several, OpKind::GlobalAtomic), 1u) << variant;
  }
}

}  // namespace
}  // namespace wl::reduce
