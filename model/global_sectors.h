// Global-memory sectors of one warp request, as the hardware counts them (Nsight Compute:
// l1tex__t_sectors_pipe_lsu_mem_global_op_{ld,st,atom}.sum).
//
// Memory is moved in 32-byte sectors. A request touches the distinct sectors
// (buffer, byte / 32) over every byte of every active lane's access. Its ideal is what the
// same bytes would need if packed densely: per buffer, ceil(distinct bytes / 32), summed.
// Buffers are at least 256-byte aligned on both backends, so buffer offsets give the same
// sector boundaries as device addresses.
#pragma once
#include <cstdint>

#include "model/warp_requests.h"

namespace wl {

constexpr unsigned kSectorBytes = 32;

struct SectorCost {
  std::uint32_t sectors = 0;
  std::uint32_t ideal = 0;
};

SectorCost global_sector_cost(const WarpRequest& request);

}  // namespace wl
