// The pipelined all-reduce on the simulator (kernels/families/allreduce/pipelined.h): its
// channels and pieces, the bytes each rank moves worked out by hand, the rounds that put one
// piece's all-gather beside the next piece's reduce-scatter, the flags that order the ranks in
// place of barriers (a wait that waits for nothing leaves races), and its dataflow: exactly the
// ring's combines, K - 1 deep.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "kernels/families/allreduce/traits.h"
#include "model/peer_traffic.h"
#include "model/races.h"
#include "model/work_span.h"
#include "trace/trace.h"

namespace wl::allreduce {
namespace {

RunRequest pipelined(unsigned ranks, std::uint64_t n, unsigned channels = 0, const std::string& op = "sum",
                     const std::string& type = "i32") {
  RunRequest r;
  r.family = "allreduce";
  r.variant = "pipelined";
  r.op = op;
  r.type = type;
  r.n = n;
  r.block = 32;
  r.params["gpus"] = ranks;
  if (channels) r.params["channels"] = channels;
  return r;
}

RunResult record_all(RunRequest r, const void* input) {
  r.record = true;
  r.record_blocks.resize(32);
  std::iota(r.record_blocks.begin(), r.record_blocks.end(), 0u);
  return run_sim(r, input);
}

// Channels split every chunk, pieces split a channel's part, ragged everywhere: n = 65539 on
// 3 ranks is chunks of 21846, 21846 and 21847, cut 1, 3, 5 and 32 ways.
TEST(AllReducePipelined, AnyChannelsAndPiecesGiveTheCombination) {
  const Family& family = *find_family("allreduce");
  for (unsigned ranks : {3u, 4u})
    for (unsigned channels : {1u, 3u, 5u, 32u})
      for (const char* op : {"sum", "max"}) {
        SCOPED_TRACE(std::to_string(ranks) + " ranks, " + std::to_string(channels) + " channels, " + op);
        const RunRequest r = pipelined(ranks, 65539, channels, op);
        const std::vector<unsigned char> input = family.make_input(r, Pattern::Random, 11);
        const RunResult out = run_sim(r, input.data());
        ASSERT_FALSE(out.trace.meta.fault) << out.trace.meta.fault->message;
        EXPECT_TRUE(out.check.ok) << out.check.diagnosis;
      }
}

TEST(AllReducePipelined, ChannelsAreBlocksAndEachHasAFlag) {
  RunRequest r = pipelined(4, 1000, 3);
  EXPECT_EQ(channels_of(r), 3u);
  EXPECT_EQ(grid_of(Pipelined::info, r), 3u);
  r.sm_count = 2;  // no more channels than multiprocessors: every block must be resident
  EXPECT_EQ(channels_of(r), 2u);
  // By default one channel for a small message, and at least four pieces to watch.
  EXPECT_EQ(channels_of(pipelined(4, 16)), 1u);
  EXPECT_EQ(pieces_of(pipelined(4, 16)), 4u);   // chunks of 4: a piece an element
  EXPECT_EQ(pieces_of(pipelined(4, 8)), 2u);    // chunks of 2: two pieces
  EXPECT_EQ(channels_of(pipelined(4, std::uint64_t(1) << 28)), kMaxChannels);
  std::vector<std::int32_t> input(4 * 1000, 1);
  const RunResult out = record_all(pipelined(4, 1000, 3), input.data());
  ASSERT_TRUE(out.check.ok) << out.check.diagnosis;
  EXPECT_EQ(out.trace.meta.launches.at(0).grid_dim, 3u);
  unsigned flags = 0;
  for (const BufferRecord& b : out.trace.meta.buffers)
    if (b.name.rfind("flags", 0) == 0) {
      ++flags;
      EXPECT_EQ(b.elements, 3u);
      EXPECT_EQ(b.type, "u32");
    }
  EXPECT_EQ(flags, 4u);
}

// n = 12 i32 on 4 ranks: chunks of 3, one channel, 3 pieces of one element, so 3 + 6 - 1 = 8
// rounds. Data: the ring's 6 steps, each a chunk of 3 from the left neighbour (step 0 from its
// input). Flags: one wait for the right neighbour before round 0, one for the left before each
// of rounds 1 .. 7, 4 bytes each; each rank raises its own flag in its own memory.
TEST(AllReducePipelined, PeerBytesAreTheRingsAndAFlagARound) {
  std::vector<std::int32_t> input(48);
  std::iota(input.begin(), input.end(), 1);
  const RunResult out = record_all(pipelined(4, 12), input.data());
  ASSERT_TRUE(out.check.ok) << out.check.diagnosis;
  struct Bytes {
    std::uint64_t data_read = 0, flag_read = 0, written = 0;
  };
  std::vector<Bytes> bytes(4);
  for (const Event& e : out.trace.events) {
    if (e.op != OpKind::GlobalLoad && e.op != OpKind::GlobalStore) continue;
    const unsigned rank = out.trace.meta.launches.at(e.launch).rank;
    const BufferRecord* b = out.trace.meta.buffer(e.buffer);
    if (!b || b->rank == rank) continue;
    if (e.op == OpKind::GlobalStore) bytes[rank].written += e.size;
    else (e.flags & kFlagSync ? bytes[rank].flag_read : bytes[rank].data_read) += e.size;
  }
  for (unsigned q = 0; q < 4; ++q) {
    SCOPED_TRACE("rank " + std::to_string(q));
    EXPECT_EQ(bytes[q].data_read, 6u * 3 * 4);
    EXPECT_EQ(bytes[q].flag_read, 8u * 4);
    EXPECT_EQ(bytes[q].written, 0u);
  }
  EXPECT_EQ(peer_traffic(out.trace).flag_bytes, 4u * 8 * 4);  // what the Links view says are flags
}

// Round by round, a channel's thread 0 runs piece p's reduce-scatter step 0, then piece p - 1's
// step 1, ...: with 4 pieces on 4 ranks (6 steps, rounds 0 .. 8), rounds 3, 4 and 5 hold both
// phases, so twice an all-gather step is followed by the next round's reduce-scatter. The ring
// never goes back: every reduce-scatter comes before every all-gather.
unsigned all_gather_then_reduce_scatter(const std::string& variant) {
  RunRequest r = pipelined(4, 16);
  r.variant = variant;
  std::vector<std::int32_t> input(64, 2);
  const RunResult out = record_all(r, input.data());
  EXPECT_TRUE(out.check.ok) << out.check.diagnosis;
  unsigned back = 0;
  StepId last = 0;
  for (const Event& e : out.trace.events) {
    if (e.launch != 0 || e.block != 0 || e.thread != 0) continue;
    if (step_kind(last) == StepKind::AllGather && step_kind(e.step) == StepKind::ReduceScatter) ++back;
    last = e.step;
  }
  return back;
}
TEST(AllReducePipelined, OneRoundHoldsBothPhases) {
  EXPECT_EQ(all_gather_then_reduce_scatter("pipelined"), 2u);
  EXPECT_EQ(all_gather_then_reduce_scatter("ring"), 0u);
}

// The flags order the ranks: no races. Make every wait wait for a count no flag was raised to
// and the same accesses race across the GPUs.
TEST(AllReducePipelined, FlagsOrderTheRanksAndWithoutThemTheyRace) {
  std::vector<std::int32_t> input(4 * 64);
  std::iota(input.begin(), input.end(), 3);
  RunResult out = record_all(pipelined(4, 64), input.data());
  ASSERT_TRUE(out.check.ok) << out.check.diagnosis;
  EXPECT_TRUE(find_races(out.trace).empty());
  unsigned waits = 0;
  for (Event& e : out.trace.events)
    if (e.op == OpKind::GlobalLoad && (e.flags & kFlagSync) && e.aux == kFlagWaited) {
      e.value[0] += 1000;
      ++waits;
    }
  EXPECT_EQ(waits, 4u * (4 + 6 - 1));  // a wait a round on every rank
  const std::vector<Race> races = find_races(out.trace);
  ASSERT_FALSE(races.empty());
  EXPECT_EQ(races.front().scope, RaceScope::Ranks);
}

// Every store names its loads: the work is n (K - 1) combines over all ranks (each element's
// reduce-scatter combines K inputs once; the all-gather copies), K - 1 deep, as the two-shot's.
TEST(AllReducePipelined, TheDataflowCombinesEachElementOnceARank) {
  for (unsigned ranks : {2u, 4u}) {
    std::vector<std::int32_t> input(ranks * 4096, 1);
    const RunResult out = record_all(pipelined(ranks, 4096, 2), input.data());
    ASSERT_TRUE(out.check.ok) << out.check.diagnosis;
    const WorkSpan ws = measure_work_span(build_dataflow(out.trace));
    EXPECT_EQ(ws.work, std::uint64_t(4096) * (ranks - 1));
    EXPECT_EQ(ws.span, ranks - 1);
  }
}

}  // namespace
}  // namespace wl::allreduce
