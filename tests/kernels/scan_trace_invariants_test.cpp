// Scan trace invariants worked out by hand: who is active at each step of Hillis–Steele and of
// Blelloch's up-sweep, and the bank conflicts that padding removes.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "core/step.h"
#include "kernels/families/scan/run_sim.h"
#include "kernels/host/input.h"
#include "model/metrics.h"

namespace wl::scan {
namespace {

Trace record(const std::string& variant, std::uint64_t n, unsigned block) {
  RunRequest r;
  r.family = "scan";
  r.variant = variant;
  r.type = "i32";
  r.n = n;
  r.block = block;
  r.record = true;
  const std::vector<std::int32_t> input = make_input<std::int32_t>(Pattern::Random, n, 9, "sum");
  return run_sim(r, input.data()).trace;
}

// Threads with at least `count` events of `op` in each step.
std::map<StepId, std::set<unsigned>> threads_with(const Trace& t, OpKind op, unsigned count) {
  std::map<std::pair<StepId, unsigned>, unsigned> seen;
  for (const Event& e : t.events)
    if (e.op == op) ++seen[{e.step, e.thread}];
  std::map<StepId, std::set<unsigned>> out;
  for (const auto& [key, k] : seen)
    if (k >= count) out[key.first].insert(key.second);
  return out;
}

// One tile of 256: at step k every thread at or above 2^k reads a second value, 256 - 2^k.
TEST(ScanTraceInvariants, HillisSteeleStepKHasNMinusTwoToTheKAdders) {
  const auto adders = threads_with(record("hillis-steele", 256, 256), OpKind::SharedLoad, 2);
  for (unsigned k = 0; k < 8; ++k) EXPECT_EQ(adders.at(level_step(k)).size(), 256u - (1u << k)) << "step " << k;
  EXPECT_EQ(adders.count(level_step(8)), 0u) << "log2(256) = 8 steps";
}

// One tile of 512 (256 threads, two elements each): depth d has 512 / 2^(d + 1) active threads.
TEST(ScanTraceInvariants, BlellochUpSweepDepthDHasNOverTwoToTheDPlusOneThreads) {
  for (const char* variant : {"blelloch", "blelloch-padded"}) {
    const auto writers = threads_with(record(variant, 512, 256), OpKind::SharedStore, 1);
    for (unsigned d = 0; d < 9; ++d)
      EXPECT_EQ(writers.at(make_step(StepKind::UpSweep, d)).size(), 512u >> (d + 1)) << variant << " depth " << d;
    for (unsigned d = 0; d < 9; ++d)
      EXPECT_EQ(writers.at(make_step(StepKind::DownSweep, d)).size(), 1u << d) << variant << " down-sweep " << d;
  }
}

// One warp, a tile of 64. Up-sweep depth d reads elements 2^d (2t + 1) - 1 and 2^d (2t + 2) - 1
// for t < 32 / 2^d. For d = 0..4 each of the two load requests puts two addresses in a bank
// (d = 0: 2t and 2(t + 16) share bank 2t mod 32; d = 4: 15 and 47 share bank 15): two
// wavefronts, one conflict each, two a step. At d = 5 one thread reads 31 and 63: no conflict.
// Padded, element i sits at i + i / 32, which moves the second of each pair to the next bank:
// no conflict at any depth.
TEST(ScanTraceInvariants, PaddingRemovesTheUpSweepsBankConflicts) {
  auto conflicts_by_step = [](const Trace& t) {
    std::map<StepId, std::uint64_t> out;
    for (const StepMetrics& s : compute_metrics(t).steps) out[s.step] = s.shared_ld.conflicts;
    return out;
  };
  const auto plain = conflicts_by_step(record("blelloch", 64, 32));
  const auto padded = conflicts_by_step(record("blelloch-padded", 64, 32));
  for (unsigned d = 0; d < 6; ++d) {
    const StepId up = make_step(StepKind::UpSweep, d);
    EXPECT_EQ(plain.at(up), d < 5 ? 2u : 0u) << "blelloch depth " << d;
    EXPECT_EQ(padded.at(up), 0u) << "blelloch-padded depth " << d;
  }
}

// A single pass looks back, a multi-tile scan-then-propagate launches scan, scan, propagate.
TEST(ScanTraceInvariants, LaunchesAreNamedAndTheSinglePassLooksBack) {
  const Trace three = record("scan-then-propagate", 4096, 32);  // tiles of 128: 32 tiles, then 1
  ASSERT_EQ(three.meta.launches.size(), 3u);
  EXPECT_EQ(three.meta.launches[0].name, "scan-then-propagate");
  EXPECT_EQ(three.meta.launches[1].name, "scan-then-propagate, tile totals 1");
  EXPECT_EQ(three.meta.launches[2].name, "propagate");
  EXPECT_EQ(three.meta.launches[2].grid_dim, 31u) << "tile 0 has nothing to add";

  const Trace one = [] {
    RunRequest q;
    q.family = "scan";
    q.variant = "decoupled-lookback";
    q.type = "i32";
    q.n = 4096;
    q.block = 32;
    q.record = true;
    q.record_blocks = {5};
    const std::vector<std::int32_t> input = make_input<std::int32_t>(Pattern::Ones, q.n, 1, "sum");
    return run_sim(q, input.data()).trace;
  }();
  ASSERT_EQ(one.meta.launches.size(), 1u);
  std::size_t status_reads = 0;
  for (const Event& e : one.events) status_reads += e.step == make_step(StepKind::LookBack) && e.op == OpKind::GlobalLoad;
  // Warp 0 of tile 5 reads tiles 4 .. 0 at once, one lane each; blocks run in order on the
  // simulator, so tile 4 has published its inclusive prefix and one window is enough.
  EXPECT_EQ(status_reads, 5u);
}

}  // namespace
}  // namespace wl::scan
