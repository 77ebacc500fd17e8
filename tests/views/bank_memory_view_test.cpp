#include <gtest/gtest.h>

#include "model/views/bank_model.h"
#include "model/views/memory_model.h"
#include "sim_trace.h"

namespace wl {
namespace {

TEST(BankView, SequentialIsConflictFree) {
  const TraceViews v = test::simulate("sequential", 64, 64);
  const BankStep s = bank_step(v.requests, 0, level_step(0));  // level 0: tid < 32
  ASSERT_EQ(s.requests.size(), 3u);  // two loads and a store, warp 0 only
  for (const BankRequest& r : s.requests) {
    EXPECT_EQ(r.warp, 0);
    EXPECT_EQ(r.ways, 1u);
    EXPECT_EQ(r.cost.conflicts(), 0u);
    for (const auto& bank : r.banks) EXPECT_EQ(bank.size(), 1u);
  }
  EXPECT_EQ(s.conflicts, 0u);
}

TEST(BankView, InterleavedStridedConflicts) {
  const TraceViews v = test::simulate("interleaved-strided", 64, 64);
  // Level 1 (s = 2): thread t works on index 4t: lanes 0-15 touch words 0, 4, ..., 60, so banks
  // 0, 4, ..., 28 each hold two words: a 2-way conflict.
  const BankStep s = bank_step(v.requests, 0, level_step(1));
  ASSERT_FALSE(s.requests.empty());
  const BankRequest& first = s.requests.front();
  EXPECT_EQ(first.op, OpKind::SharedLoad);
  EXPECT_EQ(first.lane_mask, 0x0000ffffu);
  EXPECT_EQ(first.ways, 2u);
  EXPECT_EQ(first.banks[0].size(), 2u);
  EXPECT_EQ(first.banks[0][0].word, 0u);
  EXPECT_EQ(first.banks[0][1].word, 32u);
  EXPECT_TRUE(first.banks[1].empty());
  EXPECT_EQ(first.cost.conflicts(), 1u);
  EXPECT_GT(s.conflicts, 0u);
  EXPECT_EQ(s.conflicts, s.wavefronts - s.ideal);
}

// The look-back scan's parked chunks: 16-byte requests, served 8 lanes at a time. Lane l's
// vector lies at words 4l .. 4l + 3 of its chunk, so each bank holds 4 words of a request, one
// for each lane group, and none is a conflict, for the fill and for the lane's reads alike.
TEST(BankView, TheParkedChunksHaveFourWordsABankAndNoConflict) {
  // One large tile (items 128, 32 chunks a warp, 16 parked): no look-back.
  const TraceViews v = test::simulate_scan("decoupled-lookback", 64, 2048, Pattern::Ascending, {{"items", 128}});
  const BankStep s = bank_step(v.requests, 0, kLoadStep);
  std::size_t vector_requests = 0;
  for (const BankRequest& r : s.requests) {
    if (r.size != 16) continue;
    ++vector_requests;
    EXPECT_EQ(r.ways, 1u);
    EXPECT_EQ(r.cost.wavefronts, 4u);
    for (const auto& bank : r.banks) {
      ASSERT_EQ(bank.size(), 4u);
      for (unsigned g = 0; g < 4; ++g) {
        EXPECT_EQ(bank[g].group, g);
        EXPECT_EQ(bank[g].ways, 1u);
      }
    }
  }
  EXPECT_EQ(vector_requests, 2u * 2u * 16u) << "2 warps, 16 stores and 16 loads each (warp 1: pads)";
  EXPECT_EQ(s.conflicts, 0u);
}

TEST(MemoryView, CoalescedLoad) {
  const TraceViews v = test::simulate("sequential", 64, 64);
  const MemoryStep s = memory_step(v.requests, 0, kLoadStep);  // the load phase
  ASSERT_EQ(s.requests.size(), 2u);  // one load per warp
  for (const MemoryRequest& r : s.requests) {
    EXPECT_EQ(r.op, OpKind::GlobalLoad);
    EXPECT_EQ(r.cost.sectors, 4u);  // 32 lanes x 4 bytes = 128 bytes
    EXPECT_EQ(r.cost.ideal, 4u);
    ASSERT_EQ(r.sectors.size(), 4u);
    for (const SectorUse& u : r.sectors) {
      ASSERT_NE(v.trace.meta.buffer(u.buffer), nullptr);
      EXPECT_EQ(v.trace.meta.buffer(u.buffer)->role, BufferRole::Input);
      EXPECT_EQ(u.bytes, 32u);
    }
  }
  EXPECT_EQ(s.sectors, 8u);
}

TEST(MemoryView, FinishWritesOneSector) {
  const TraceViews v = test::simulate("sequential", 64, 64);
  const MemoryStep s = memory_step(v.requests, 0, kFinishStep);
  ASSERT_EQ(s.requests.size(), 1u);
  EXPECT_EQ(s.requests[0].op, OpKind::GlobalStore);
  EXPECT_EQ(s.requests[0].lane_mask, 1u);
  EXPECT_EQ(s.requests[0].cost.sectors, 1u);
}

}  // namespace
}  // namespace wl
