#include "model/global_sectors.h"

#include <algorithm>
#include <tuple>

namespace wl {
namespace {

struct ByteRange {
  std::uint8_t buffer;
  std::uint64_t begin;
  std::uint64_t end;  // exclusive
};

}  // namespace

SectorCost global_sector_cost(const WarpRequest& request) {
  ByteRange ranges[kWarpSize];
  std::uint64_t sectors[kWarpSize * 2];  // an access of <= 16 bytes spans at most 2 sectors
  unsigned nr = 0, ns = 0;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!request.active(lane)) continue;
    const unsigned size = std::clamp<unsigned>(request.lane_size[lane], 1, 16);
    const std::uint64_t begin = request.address[lane], end = begin + size;
    const auto buffer = static_cast<std::uint8_t>(request.buffer[lane]);
    ranges[nr++] = {buffer, begin, end};
    for (std::uint64_t s = begin / kSectorBytes; s <= (end - 1) / kSectorBytes; ++s)
      sectors[ns++] = std::uint64_t(buffer) << 56 | s;
  }
  SectorCost cost;
  std::sort(sectors, sectors + ns);
  cost.sectors = std::uint32_t(std::unique(sectors, sectors + ns) - sectors);

  // Union of the byte ranges, per buffer; each buffer's bytes packed into whole sectors.
  std::sort(ranges, ranges + nr, [](const ByteRange& a, const ByteRange& b) {
    return std::tie(a.buffer, a.begin) < std::tie(b.buffer, b.begin);
  });
  for (unsigned i = 0; i < nr;) {
    std::uint64_t bytes = 0, covered_to = ranges[i].begin;
    unsigned j = i;
    for (; j < nr && ranges[j].buffer == ranges[i].buffer; ++j) {
      const std::uint64_t from = std::max(covered_to, ranges[j].begin);
      if (ranges[j].end > from) bytes += ranges[j].end - from;
      covered_to = std::max(covered_to, ranges[j].end);
    }
    cost.ideal += std::uint32_t((bytes + kSectorBytes - 1) / kSectorBytes);
    i = j;
  }
  return cost;
}

}  // namespace wl
