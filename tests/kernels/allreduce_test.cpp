// The all-reduce on the simulator: every variant on 2, 3, 4 and 8 ranks against the CPU
// reference, exactly for integers and min/max, on every rank; the bytes each rank reads from and
// writes to its peers worked out by hand; the race of the ring without barriers; bad requests.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <numeric>

#include "kernels/families/allreduce/traits.h"
#include "trace/trace.h"

namespace wl::allreduce {
namespace {

RunRequest request(const std::string& variant, unsigned ranks, std::uint64_t n, const std::string& op = "sum",
                   const std::string& type = "i32") {
  RunRequest r;
  r.family = "allreduce";
  r.variant = variant;
  r.op = op;
  r.type = type;
  r.n = n;
  r.block = 32;
  r.params["gpus"] = ranks;
  return r;
}

// Every variant that runs on K ranks, every operator, both types, n from nothing to several
// blocks a chunk: each rank's output equals the CPU's element-wise combination.
struct Case {
  std::string variant;
  unsigned ranks;
  std::uint64_t n;
};

class AllReduceCorrectness : public testing::TestWithParam<Case> {};

TEST_P(AllReduceCorrectness, EveryRankHoldsTheCombination) {
  const Case& c = GetParam();
  for (const char* op : {"sum", "min", "max"})
    for (const char* type : {"i32", "f32"}) {
      SCOPED_TRACE(std::string(op) + " " + type);
      const RunRequest r = request(c.variant, c.ranks, c.n, op, type);
      const Family& family = *find_family("allreduce");
      const std::vector<unsigned char> input = family.make_input(r, Pattern::Random, 7);
      ASSERT_EQ(input.size(), c.n * c.ranks * 4);
      const RunResult out = run_sim(r, input.data());
      ASSERT_FALSE(out.trace.meta.fault) << out.trace.meta.fault->message;
      EXPECT_TRUE(out.check.ok) << out.check.diagnosis;
      EXPECT_EQ(out.result.count(), c.n * c.ranks);
      // The reference, independently: rank q's element i is input[q n + i].
      if (std::string(type) == "i32" && c.n > 0) {
        const auto* x = reinterpret_cast<const std::int32_t*>(input.data());
        for (std::uint64_t i = 0; i < c.n; i += std::max<std::uint64_t>(1, c.n / 7)) {
          std::int64_t sum = 0;
          std::int32_t lo = x[i], hi = x[i];
          for (unsigned q = 0; q < c.ranks; ++q) {
            sum += x[q * c.n + i];
            lo = std::min(lo, x[q * c.n + i]);
            hi = std::max(hi, x[q * c.n + i]);
          }
          const std::int64_t want = std::string(op) == "sum" ? std::int32_t(std::uint32_t(sum)) : std::string(op) == "min" ? lo : hi;
          for (unsigned q = 0; q < c.ranks; ++q)
            EXPECT_EQ(std::int32_t(out.result.bits(q * c.n + i)), want) << "rank " << q << " element " << i;
        }
      }
    }
}

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const char* v : {"one-shot", "two-shot", "two-shot-vector", "ring", "pipelined", "recursive-doubling"})
    for (unsigned k : {2u, 3u, 4u, 8u}) {
      if (std::string(v) == "recursive-doubling" && k == 3) continue;  // powers of two only
      std::vector<std::uint64_t> sizes{0, 1, k - 1, k, 1000, 65539};
      sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());  // k = 2: k - 1 is 1
      for (std::uint64_t n : sizes) out.push_back({v, k, n});
    }
  return out;
}

INSTANTIATE_TEST_SUITE_P(Variants, AllReduceCorrectness, testing::ValuesIn(cases()), [](const auto& info) {
  std::string name = info.param.variant + "_" + std::to_string(info.param.ranks) + "_ranks_n" + std::to_string(info.param.n);
  for (char& ch : name) if (ch == '-') ch = '_';
  return name;
});

// Bytes each rank loads from and stores to other ranks' buffers, from the trace (every block
// recorded): n = 12 i32 on 4 ranks, chunks of 3.
struct PeerBytes {
  std::uint64_t read = 0, written = 0;
};
std::vector<PeerBytes> peer_bytes(const std::string& variant) {
  RunRequest r = request(variant, 4, 12);
  r.record = true;
  r.record_blocks = {0};
  std::vector<std::int32_t> input(48);
  std::iota(input.begin(), input.end(), 1);
  const RunResult out = run_sim(r, input.data());
  EXPECT_TRUE(out.check.ok) << variant << ": " << out.check.diagnosis << (out.trace.meta.fault ? out.trace.meta.fault->message : "");
  std::vector<PeerBytes> bytes(4);
  for (const Event& e : out.trace.events) {
    if (e.op != OpKind::GlobalLoad && e.op != OpKind::GlobalStore) continue;
    const unsigned rank = out.trace.meta.launches.at(e.launch).rank;
    const BufferRecord* b = out.trace.meta.buffer(e.buffer);
    if (!b || b->rank == rank) continue;
    (e.op == OpKind::GlobalLoad ? bytes[rank].read : bytes[rank].written) += e.size;
  }
  return bytes;
}

// one-shot: each of 12 elements from 3 peers: 36 loads of 4 bytes; no peer stores.
TEST(AllReducePeerBytes, OneShotReadsEveryPeersWholeInput) {
  for (const PeerBytes& b : peer_bytes("one-shot")) {
    EXPECT_EQ(b.read, 3u * 12 * 4);
    EXPECT_EQ(b.written, 0u);
  }
}
// two-shot: its chunk of 3 from 3 peers (9 loads), then stored into 3 peers (9 stores).
TEST(AllReducePeerBytes, TwoShotLoadsItsChunkAndStoresItEverywhere) {
  for (const PeerBytes& b : peer_bytes("two-shot")) {
    EXPECT_EQ(b.read, 9u * 4);
    EXPECT_EQ(b.written, 9u * 4);
  }
}
// two-shot-vector moves the same bytes as two-shot (here chunks of 3: no whole vector, so
// element by element; the correctness cases cover whole vectors and ragged ends).
TEST(AllReducePeerBytes, TwoShotVectorMovesWhatTwoShotMoves) {
  for (const PeerBytes& b : peer_bytes("two-shot-vector")) {
    EXPECT_EQ(b.read, 9u * 4);
    EXPECT_EQ(b.written, 9u * 4);
  }
}
// ring: 3 reduce-scatter and 3 all-gather steps, each a chunk of 3 from the left neighbour.
TEST(AllReducePeerBytes, RingReadsTwoKMinusOneChunksFromItsNeighbour) {
  for (const PeerBytes& b : peer_bytes("ring")) {
    EXPECT_EQ(b.read, 6u * 3 * 4);
    EXPECT_EQ(b.written, 0u);
  }
}
// recursive doubling: 2 steps, each the partner's whole 12 elements.
TEST(AllReducePeerBytes, RecursiveDoublingReadsLogKWholeBuffers) {
  for (const PeerBytes& b : peer_bytes("recursive-doubling")) {
    EXPECT_EQ(b.read, 2u * 12 * 4);
    EXPECT_EQ(b.written, 0u);
  }
}

// The trace names each rank's launch and each buffer's rank, and the ranks' steps in order.
TEST(AllReduceTrace, EachRankIsALaunchOfItsOwn) {
  RunRequest r = request("ring", 4, 12);
  r.record = true;
  r.record_blocks = {0};
  std::vector<std::int32_t> input(48, 1);
  const RunResult out = run_sim(r, input.data());
  ASSERT_EQ(out.trace.meta.launches.size(), 4u);
  EXPECT_EQ(out.trace.meta.ranks, 4u);
  for (unsigned q = 0; q < 4; ++q) EXPECT_EQ(out.trace.meta.launches[q].rank, q);
  // load, reduce-scatter 0-2, all-gather 0-2
  EXPECT_EQ(out.trace.meta.steps.size(), 7u);
  unsigned rank_barriers = 0;
  for (const Event& e : out.trace.events)
    if (e.op == OpKind::Barrier && (e.flags & kRankBarrier) && e.launch == 0 && e.thread == 0) ++rank_barriers;
  EXPECT_EQ(rank_barriers, 8u);  // before, after the copy, after each of 6 steps
}

// Without the barriers, rank r reads rank r - 1's chunk before rank r - 1 wrote it: the
// simulator runs each rank's block until it must wait, so the read always comes too early.
TEST(AllReducePitfall, TheRingWithoutBarriersReadsTooEarly) {
  const RunRequest r = request("ring-no-barrier", 4, 12);
  std::vector<std::int32_t> input(48, 1);
  const RunResult out = run_sim(r, input.data());
  EXPECT_FALSE(out.check.ok);
  EXPECT_NE(out.check.diagnosis.find("rank 0"), std::string::npos) << out.check.diagnosis;
  const VariantSummary* v = find_family("allreduce")->find_variant("ring-no-barrier");
  ASSERT_TRUE(v);
  EXPECT_TRUE(v->pitfall);
  EXPECT_TRUE(v->races);
}

TEST(AllReduceValidation, BadRankCountsAreRefusedWithTheReason) {
  EXPECT_NE(validate(request("ring", 1, 16)).find("gpus = 1 is outside 2 .. 8 (GPUs (ranks)"), std::string::npos);
  EXPECT_NE(validate(request("ring", 1, 16)).find("over one GPU it is a copy"), std::string::npos);
  EXPECT_NE(validate(request("ring", 0, 16)).find("gpus = 0 is outside 2 .. 8"), std::string::npos);
  EXPECT_NE(validate(request("ring", 9, 16)).find("gpus = 9 is outside 2 .. 8"), std::string::npos);
  EXPECT_NE(validate(request("recursive-doubling", 3, 16)).find("needs 2, 4 or 8 GPUs, not 3"), std::string::npos);
  EXPECT_EQ(validate(request("recursive-doubling", 8, 16)), "");
}

}  // namespace
}  // namespace wl::allreduce
