#include "model/global_sectors.h"

#include <gtest/gtest.h>

#include "request_builder.h"
#include "trace_builder.h"

namespace wl {
namespace {

using test::make_request;

SectorCost global_load(std::uint8_t size, const std::function<std::uint32_t(unsigned)>& address_of,
                std::uint32_t mask = 0xFFFFFFFFu, BufferId buffer = test::kInput) {
  return global_sector_cost(make_request(OpKind::GlobalLoad, size, address_of, mask, buffer));
}

TEST(GlobalSectors, ConsecutiveAlignedWords) {
  const SectorCost c = global_load(4, [](unsigned l) { return 4 * l; });  // bytes 0..127
  EXPECT_EQ(c.sectors, 4u);
  EXPECT_EQ(c.ideal, 4u);
}

TEST(GlobalSectors, MisalignedByOneWord) {
  const SectorCost c = global_load(4, [](unsigned l) { return 4 + 4 * l; });  // bytes 4..131
  EXPECT_EQ(c.sectors, 5u);
  EXPECT_EQ(c.ideal, 4u);
}

TEST(GlobalSectors, StrideTwoWords) {
  const SectorCost c = global_load(4, [](unsigned l) { return 8 * l; });  // 128 bytes spread over 256
  EXPECT_EQ(c.sectors, 8u);
  EXPECT_EQ(c.ideal, 4u);
}

TEST(GlobalSectors, SixteenByteVectorLoads) {
  const SectorCost c = global_load(16, [](unsigned l) { return 16 * l; });  // 512 bytes
  EXPECT_EQ(c.sectors, 16u);
  EXPECT_EQ(c.ideal, 16u);
}

TEST(GlobalSectors, EightByteConsecutive) {
  const SectorCost c = global_load(8, [](unsigned l) { return 8 * l; });
  EXPECT_EQ(c.sectors, 8u);
  EXPECT_EQ(c.ideal, 8u);
}

TEST(GlobalSectors, OneAddressForAllLanes) {
  const SectorCost c = global_load(4, [](unsigned) { return 36; });
  EXPECT_EQ(c.sectors, 1u);
  EXPECT_EQ(c.ideal, 1u);
}

TEST(GlobalSectors, PartialWarp) {
  const SectorCost c = global_load(4, [](unsigned l) { return 4 * l; }, 0x1u | 0x80000000u);  // bytes 0-3, 124-127
  EXPECT_EQ(c.sectors, 2u);
  EXPECT_EQ(c.ideal, 1u);
}

TEST(GlobalSectors, BuffersAreSeparateAddressSpaces) {
  // Lanes 0-15 read input bytes 0..63, lanes 16-31 output bytes 0..63: same offsets, other
  // memory: 2 + 2 sectors, ideal 2 + 2.
  WarpRequest r = make_request(OpKind::GlobalLoad, 4, [](unsigned l) { return 4 * (l % 16); }, 0xFFFFFFFFu,
                               test::kInput);
  for (unsigned l = 16; l < 32; ++l) r.buffer[l] = test::kOutput;
  const SectorCost c = global_sector_cost(r);
  EXPECT_EQ(c.sectors, 4u);
  EXPECT_EQ(c.ideal, 4u);
}

}  // namespace
}  // namespace wl
