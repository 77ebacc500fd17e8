// The ring view's model on 4 simulated GPUs, worked out by hand: n = 16, chunks of 4.
#include <gtest/gtest.h>

#include <map>
#include <numeric>

#include "kernels/family/family.h"
#include "model/views/ring_steps.h"

namespace wl {
namespace {

RunResult run_on(const std::string& variant, unsigned gpus, std::uint64_t n) {
  RunRequest r;
  r.family = "allreduce";
  r.variant = variant;
  r.type = "i32";
  r.n = n;
  r.block = 32;
  r.params["gpus"] = gpus;
  r.record = true;
  r.record_blocks.clear();
  for (std::uint32_t b = 0; b < 64; ++b) r.record_blocks.push_back(b);  // every block: past the grid is ignored
  std::vector<std::int32_t> input(n * gpus);
  std::iota(input.begin(), input.end(), 0);
  RunResult out = run_sim(r, input.data());
  EXPECT_TRUE(out.check.ok);
  return out;
}

RunResult run_on_four(const std::string& variant) { return run_on(variant, 4, 16); }

RingSteps ring_of(const std::string& variant) { return build_ring_steps(run_on_four(variant).trace); }

unsigned holds(const RingStep& s, unsigned rank, unsigned chunk) { return s.holds[rank * 4 + chunk]; }

// load: rank r copies its chunk r (1 rank); reduce-scatter s: rank r adds its input to chunk
// r - 1 - s of rank r - 1 (s + 2 ranks); after the third, rank r holds chunk r + 1 of all four;
// all-gather passes finished chunks on, so after the last every chunk of every rank holds 4.
TEST(RingSteps, TheRingGrowsOneRankAStep) {
  const RingSteps ring = ring_of("ring");
  ASSERT_EQ(ring.ranks, 4u);
  ASSERT_EQ(ring.steps.size(), 7u);  // load, reduce-scatter 0-2, all-gather 0-2
  EXPECT_EQ(ring.steps[0].step, kLoadStep);
  for (unsigned r = 0; r < 4; ++r) {
    EXPECT_EQ(holds(ring.steps[0], r, r), 1u) << r;
    EXPECT_EQ(holds(ring.steps[0], r, (r + 1) % 4), 0u) << r;
    for (unsigned s = 0; s < 3; ++s) EXPECT_EQ(holds(ring.steps[1 + s], r, (r + 7 - s) % 4), s + 2) << r << " " << s;
    EXPECT_EQ(holds(ring.steps[3], r, (r + 1) % 4), 4u);
    for (unsigned c = 0; c < 4; ++c) EXPECT_EQ(holds(ring.steps[6], r, c), 4u) << r << " " << c;
  }
  // Reduce-scatter 0: each rank reads 4 elements of 4 bytes of chunk r - 1 from rank r - 1.
  const RingStep& rs0 = ring.steps[1];
  ASSERT_EQ(rs0.moves.size(), 4u);
  for (const ChunkMove& m : rs0.moves) {
    EXPECT_EQ(m.from, (m.to + 3) % 4);
    EXPECT_EQ(m.chunk, (m.to + 3) % 4);
    EXPECT_EQ(m.bytes, 16u);
  }
}

// one-shot: its first barrier (the load step), then one step after which every chunk of every
// rank holds all four: every rank read every chunk from each of the 3 others, 4 x 3 x 4 moves.
// pipelined on 4 GPUs, n = 16: chunks of 4, one channel, 4 pieces of one element, so rounds
// 0 .. 8, and in round j rank r runs step t on piece j - t. Round 3 holds both phases: rank 0
// writes piece 3 of chunk 3 (reduce-scatter 0, element 15), piece 2 of chunk 2 (reduce-scatter 1,
// element 10), piece 1 of chunk 1 (reduce-scatter 2, element 5), and piece 0 of its own chunk 0,
// complete, copied from rank 3 (all-gather 0, element 0).
TEST(RingSteps, PipelinedRoundsMovePiecesThroughBothPhasesAtOnce) {
  const RingSteps ring = ring_of("pipelined");
  ASSERT_EQ(ring.rounds.size(), 9u);
  std::map<unsigned, std::pair<StepId, std::uint64_t>> rank0;  // chunk -> step, element
  for (const ChunkWrite& w : ring.rounds[3].writes)
    if (w.rank == 0) {
      EXPECT_EQ(w.first, w.last);
      rank0[w.chunk] = {w.step, w.first};
    }
  const std::map<unsigned, std::pair<StepId, std::uint64_t>> want{
      {3, {make_step(StepKind::ReduceScatter, 0), 15}},
      {2, {make_step(StepKind::ReduceScatter, 1), 10}},
      {1, {make_step(StepKind::ReduceScatter, 2), 5}},
      {0, {make_step(StepKind::AllGather, 0), 0}}};
  EXPECT_EQ(rank0, want);
  // Each chunk in 4 segments, a piece each. After round 3 rank 0's chunk 3 holds 2 ranks in every
  // piece (reduce-scatter 0 is done), chunk 2 3 ranks in pieces 0 .. 2, chunk 1 all 4 in pieces 0
  // and 1 (it ends its reduce-scatter there), chunk 0 its first piece, complete.
  ASSERT_EQ(ring.segments, 4u);
  auto pieces = [&](unsigned round, unsigned chunk) {
    std::vector<unsigned> out;
    for (unsigned p = 0; p < 4; ++p) out.push_back(ring.rounds[round].holds[(0 * 4 + chunk) * 4 + p]);
    return out;
  };
  EXPECT_EQ(pieces(3, 3), (std::vector<unsigned>{2, 2, 2, 2}));
  EXPECT_EQ(pieces(3, 2), (std::vector<unsigned>{3, 3, 3, 0}));
  EXPECT_EQ(pieces(3, 1), (std::vector<unsigned>{4, 4, 0, 0}));
  EXPECT_EQ(pieces(3, 0), (std::vector<unsigned>{4, 0, 0, 0}));
  for (unsigned c = 0; c < 4; ++c) EXPECT_EQ(pieces(8, c), (std::vector<unsigned>{4, 4, 4, 4})) << c;
  // Row by row of steps, it ends as the ring does; the ring has no rounds.
  ASSERT_EQ(ring.steps.size(), 7u);  // the start (its flag read), 3 reduce-scatter, 3 all-gather steps
  for (unsigned r = 0; r < 4; ++r)
    for (unsigned c = 0; c < 4; ++c) EXPECT_EQ(holds(ring.steps.back(), r, c), 4u);
  EXPECT_TRUE(ring_of("ring").rounds.empty());
}

TEST(RingSteps, OneShotCombinesEverythingAtOnce) {
  const RingSteps ring = ring_of("one-shot");
  ASSERT_EQ(ring.steps.size(), 2u);
  EXPECT_TRUE(ring.steps[0].moves.empty());
  const RingStep& exchange = ring.steps[1];
  EXPECT_EQ(exchange.step, make_step(StepKind::Exchange, 0));
  for (unsigned r = 0; r < 4; ++r)
    for (unsigned c = 0; c < 4; ++c) EXPECT_EQ(holds(exchange, r, c), 4u);
  EXPECT_EQ(exchange.moves.size(), 4u * 3 * 4);
}

// two-shot: rank r loads chunk r of every rank's input in its reduce-scatter step and stores
// nothing; in its all-gather step it stores that chunk, combining all four, into every rank. So
// nothing is held after the first, everything after the second. Each rank reads its chunk (4
// elements of 4 bytes) from the 3 others, then writes it to them.
TEST(RingSteps, TwoShotStoresOneCombinedChunkIntoEveryRank) {
  const RingSteps ring = ring_of("two-shot");
  ASSERT_EQ(ring.steps.size(), 3u);  // the first barrier's step, reduce-scatter, all-gather
  const RingStep &rs = ring.steps[1], &ag = ring.steps[2];
  EXPECT_EQ(rs.step, make_step(StepKind::ReduceScatter, 0));
  EXPECT_EQ(ag.step, make_step(StepKind::AllGather, 0));
  for (unsigned r = 0; r < 4; ++r)
    for (unsigned c = 0; c < 4; ++c) {
      EXPECT_EQ(holds(rs, r, c), 0u) << r << " " << c;
      EXPECT_EQ(holds(ag, r, c), 4u) << r << " " << c;
    }
  ASSERT_EQ(rs.moves.size(), 12u);
  for (const ChunkMove& m : rs.moves) {
    EXPECT_NE(m.from, m.to);
    EXPECT_EQ(m.chunk, m.to);  // rank r reads chunk r from the others
    EXPECT_EQ(m.bytes, 16u);
  }
  ASSERT_EQ(ag.moves.size(), 12u);
  for (const ChunkMove& m : ag.moves) {
    EXPECT_EQ(m.chunk, m.from);  // and writes it to them
    EXPECT_EQ(m.bytes, 16u);
  }
}

// The run the issue met: two GPUs, 256 elements, every block recorded. After the all-gather
// both ranks hold both chunks of both inputs.
TEST(RingSteps, TwoShotOnTwoGpusFillsBothRanks) {
  const RingSteps ring = build_ring_steps(run_on("two-shot", 2, 256).trace);
  ASSERT_EQ(ring.ranks, 2u);
  const RingStep& last = ring.steps.back();
  ASSERT_EQ(last.step, make_step(StepKind::AllGather, 0));
  for (unsigned r = 0; r < 2; ++r)
    for (unsigned c = 0; c < 2; ++c) EXPECT_EQ(last.holds[r * 2 + c], 2u) << r << " " << c;
}

// recursive-doubling on 4: exchange 0 writes each rank's second buffer with its pair's two
// inputs (r and r ^ 1), reading all 4 chunks from the partner; exchange 1 writes the output
// with all four, reading the partner's (r ^ 2) second buffer.
TEST(RingSteps, RecursiveDoublingShowsItsSecondBufferThenItsOutput) {
  const RingSteps ring = ring_of("recursive-doubling");
  ASSERT_EQ(ring.steps.size(), 3u);  // the first barrier's step, exchange 0, exchange 1
  for (unsigned k = 0; k < 2; ++k) {
    const RingStep& x = ring.steps[1 + k];
    EXPECT_EQ(x.step, make_step(StepKind::Exchange, k));
    for (unsigned r = 0; r < 4; ++r)
      for (unsigned c = 0; c < 4; ++c) EXPECT_EQ(holds(x, r, c), 2u << k) << k << " " << r << " " << c;
    ASSERT_EQ(x.moves.size(), 16u);
    for (const ChunkMove& m : x.moves) {
      EXPECT_EQ(m.from, m.to ^ (1u << k));
      EXPECT_EQ(m.bytes, 16u);
    }
  }
}

}  // namespace
// A trace recorded on GPUs carries each rank's warp clocks (here made by hand, at 1000 MHz: a
// cycle a nanosecond). A step's time on a rank is its slowest recorded block's: rank 2's block 1
// takes 500 ns over the first reduce-scatter step where its block 0 takes 200; rank 3 has no
// clocks, so 0. The simulator's trace has none: no times at all.
TEST(RingSteps, EachRankTimesItsStepsByItsOwnClock) {
  RunResult out = run_on_four("ring");
  ASSERT_TRUE(build_ring_steps(out.trace).steps.front().ns.empty());
  const RingSteps untimed = build_ring_steps(out.trace);
  const StepId first = untimed.steps[1].step, second = untimed.steps[2].step;
  TraceMeta& meta = out.trace.meta;
  meta.sm_clock_mhz = 1000;
  auto clock = [&](std::uint16_t launch, std::uint32_t block, StepId step, std::uint64_t cycle, bool exit) {
    meta.clocks.push_back({cycle, block, 0, step, launch, std::uint8_t(exit ? 1 : 0), 0});
  };
  for (std::uint16_t rank = 0; rank < 3; ++rank) {
    clock(rank, 0, first, 1000, false);
    clock(rank, 0, second, 1200, false);
    clock(rank, 0, second, 1300, true);
  }
  clock(2, 1, first, 5000, false);
  clock(2, 1, second, 5500, false);
  clock(2, 1, second, 5600, true);
  const RingSteps ring = build_ring_steps(out.trace);
  ASSERT_EQ(ring.steps[1].ns.size(), 4u);
  EXPECT_DOUBLE_EQ(ring.steps[1].ns[0], 200);
  EXPECT_DOUBLE_EQ(ring.steps[1].ns[2], 500);
  EXPECT_DOUBLE_EQ(ring.steps[1].ns[3], 0);
  EXPECT_DOUBLE_EQ(ring.steps[2].ns[1], 100);
  EXPECT_DOUBLE_EQ(ring.steps[0].ns[0], 0);  // the load step: no clock began it
}

}  // namespace wl
