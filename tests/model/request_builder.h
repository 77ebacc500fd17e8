// Builds one warp request by hand, for the bank and sector tests.
#pragma once
#include <cstdint>
#include <functional>

#include "model/warp_requests.h"

namespace wl::test {

// Lanes set in `mask` access `size` bytes at address_of(lane).
inline WarpRequest make_request(OpKind op, std::uint8_t size, const std::function<std::uint32_t(unsigned)>& address_of,
                                std::uint32_t mask = 0xFFFFFFFFu, BufferId buffer = kNoBuffer) {
  WarpRequest r;
  r.op = op;
  r.size = size;
  r.lane_mask = mask;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!((mask >> lane) & 1u)) continue;
    r.address[lane] = address_of(lane);
    r.lane_size[lane] = size;
    r.buffer[lane] = buffer;
  }
  return r;
}

}  // namespace wl::test
