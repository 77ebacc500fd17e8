#include "model/shared_banks.h"

#include <gtest/gtest.h>

#include "request_builder.h"

namespace wl {
namespace {

using test::make_request;

BankCost shared_load(std::uint8_t size, const std::function<std::uint32_t(unsigned)>& address_of,
              std::uint32_t mask = 0xFFFFFFFFu) {
  return shared_bank_cost(make_request(OpKind::SharedLoad, size, address_of, mask));
}

TEST(SharedBanks, GroupWidthByAccessSize) {
  EXPECT_EQ(shared_lane_group_width(1), 32u);
  EXPECT_EQ(shared_lane_group_width(2), 32u);
  EXPECT_EQ(shared_lane_group_width(4), 32u);
  EXPECT_EQ(shared_lane_group_width(8), 16u);
  EXPECT_EQ(shared_lane_group_width(16), 8u);
}

TEST(SharedBanks, ConsecutiveWordsTakeOneWavefront) {
  const BankCost c = shared_load(4, [](unsigned l) { return 4 * l; });
  EXPECT_EQ(c.wavefronts, 1u);
  EXPECT_EQ(c.ideal, 1u);
  EXPECT_EQ(c.conflicts(), 0u);
}

TEST(SharedBanks, StrideTwoWordsIsTwoWay) {
  // Words 0, 2, ..., 62: banks 0, 2, ..., 30 each hold two of them.
  const BankCost c = shared_load(4, [](unsigned l) { return 8 * l; });
  EXPECT_EQ(c.wavefronts, 2u);
  EXPECT_EQ(c.conflicts(), 1u);
}

TEST(SharedBanks, StrideThirtyTwoWordsIsThirtyTwoWay) {
  const BankCost c = shared_load(4, [](unsigned l) { return 128 * l; });
  EXPECT_EQ(c.wavefronts, 32u);
  EXPECT_EQ(c.ideal, 1u);
  EXPECT_EQ(c.conflicts(), 31u);
}

TEST(SharedBanks, SameWordIsABroadcast) {
  EXPECT_EQ(shared_load(4, [](unsigned) { return 20; }).wavefronts, 1u);
  // Two words in one bank, each read by 16 lanes: 2 distinct words, so 2 wavefronts, not 32.
  EXPECT_EQ(shared_load(4, [](unsigned l) { return l < 16 ? 0 : 128; }).wavefronts, 2u);
}

TEST(SharedBanks, BytesAndHalvesShareWords) {
  // 32 consecutive bytes are 8 words in 8 banks.
  EXPECT_EQ(shared_load(1, [](unsigned l) { return l; }).wavefronts, 1u);
  // 2-byte elements with a stride of 64 bytes: words 0, 16, 32, ... alternate banks 0 and 16,
  // 16 distinct words each.
  EXPECT_EQ(shared_load(2, [](unsigned l) { return 64 * l; }).wavefronts, 16u);
}

TEST(SharedBanks, EightByteConsecutiveIsTwoHalfWarps) {
  // Each half-warp reads 16 x 8 = 128 bytes = 32 words in 32 banks: 1 wavefront each.
  const BankCost c = shared_load(8, [](unsigned l) { return 8 * l; });
  EXPECT_EQ(c.wavefronts, 2u);
  EXPECT_EQ(c.ideal, 2u);
  EXPECT_EQ(c.conflicts(), 0u);
}

TEST(SharedBanks, EightByteStrideTwo) {
  // Lane l reads words 4l and 4l+1. In a half-warp, lanes l and l+8 hit the same two banks:
  // 2 wavefronts per half-warp, 4 in all, ideal 2.
  const BankCost c = shared_load(8, [](unsigned l) { return 16 * l; });
  EXPECT_EQ(c.wavefronts, 4u);
  EXPECT_EQ(c.ideal, 2u);
  EXPECT_EQ(c.conflicts(), 2u);
}

TEST(SharedBanks, SixteenByteConsecutiveIsFourQuarterWarps) {
  const BankCost c = shared_load(16, [](unsigned l) { return 16 * l; });
  EXPECT_EQ(c.wavefronts, 4u);
  EXPECT_EQ(c.ideal, 4u);
  EXPECT_EQ(c.conflicts(), 0u);
}

TEST(SharedBanks, OnlyGroupsWithActiveLanesCount) {
  // 8-byte accesses from lanes 0-15 only: one half-warp, one wavefront.
  const BankCost c = shared_load(8, [](unsigned l) { return 8 * l; }, 0x0000FFFFu);
  EXPECT_EQ(c.wavefronts, 1u);
  EXPECT_EQ(c.ideal, 1u);
  // 16-byte accesses from lanes 3 and 30: two quarter-warps.
  EXPECT_EQ(shared_load(16, [](unsigned l) { return 16 * l; }, (1u << 3) | (1u << 30)).wavefronts, 2u);
}

TEST(SharedBanks, InterleavedReductionPattern) {
  // index = 2 * s * tid (in 4-byte words) for the 32 lanes of a warp. The stride is d = 2s
  // words; bank(tid) = (d * tid) % 32 takes 32 / d distinct values, each hit by d lanes at
  // distinct words, so the request needs d wavefronts (capped at 32):
  //   s = 1: d = 2  -> banks 0,2,..,30, 2 lanes each            -> 2 wavefronts, 1 conflict
  //   s = 2: d = 4  -> banks 0,4,..,28, 4 lanes each            -> 4 wavefronts, 3 conflicts
  //   s = 4: d = 8  -> banks 0,8,16,24, 8 lanes each            -> 8 wavefronts, 7 conflicts
  //   s = 8: d = 16 -> banks 0,16, 16 lanes each                -> 16 wavefronts, 15 conflicts
  //   s = 16: d = 32 -> bank 0, all 32 lanes                    -> 32 wavefronts, 31 conflicts
  const unsigned expected[] = {2, 4, 8, 16, 32};
  unsigned k = 0;
  for (unsigned s = 1; s <= 16; s *= 2, ++k) {
    const BankCost c = shared_load(4, [s](unsigned tid) { return 4 * 2 * s * tid; });
    EXPECT_EQ(c.wavefronts, expected[k]) << "s = " << s;
    EXPECT_EQ(c.conflicts(), expected[k] - 1) << "s = " << s;
  }
  // In a real block of 64 threads, level s keeps only tid < 64 / (2s) active: at s = 4 lanes
  // 0-7 read words 0, 8, ..., 56 -> banks 0, 8, 16, 24, two lanes each -> 2 wavefronts.
  EXPECT_EQ(shared_load(4, [](unsigned tid) { return 4 * 8 * tid; }, 0xFFu).wavefronts, 2u);
}

TEST(SharedBanks, StoresAndAtomicsUseTheSameRule) {
  const auto stride2 = [](unsigned l) { return 8 * l; };
  EXPECT_EQ(shared_bank_cost(make_request(OpKind::SharedStore, 4, stride2)).wavefronts, 2u);
  EXPECT_EQ(shared_bank_cost(make_request(OpKind::SharedAtomic, 4, stride2)).wavefronts, 2u);
}

}  // namespace
}  // namespace wl
