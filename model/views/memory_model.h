// The memory view of one block and step: every global warp request with the 32-byte sectors
// its lanes touched, against the fewest sectors the same bytes could need
// (model/global_sectors.h counts both; this view lays them out).
#pragma once
#include <cstdint>
#include <vector>

#include "model/global_sectors.h"
#include "model/views/request_index.h"
#include "model/warp_requests.h"

namespace wl {

struct SectorUse {
  BufferId buffer = kNoBuffer;
  std::uint32_t sector = 0;   // byte offset / 32 within the buffer
  std::uint32_t lanes = 0;    // lanes whose access touched it
  std::uint32_t bytes = 0;    // distinct bytes used in it
};

struct MemoryRequest : RequestHead {
  std::vector<SectorUse> sectors;  // by buffer, then sector
  SectorCost cost;
};

struct MemoryStep {
  std::uint16_t step = 0;
  std::vector<MemoryRequest> requests;
  std::uint64_t sectors = 0, ideal = 0;
};

MemoryRequest memory_request(const std::vector<WarpRequest>& requests, std::size_t index);
MemoryStep memory_step(const std::vector<WarpRequest>& requests, std::uint32_t block, std::uint16_t step);

}  // namespace wl
