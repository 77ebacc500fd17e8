// Finds the warp requests (model/warp_requests.h) of one block and step in the sorted list
// that group_requests() returns.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "model/warp_requests.h"

namespace wl {

// [first, last) indices into `requests` (ordered by block, warp, step, ...) for one block.
std::pair<std::size_t, std::size_t> block_request_range(const std::vector<WarpRequest>& requests,
                                                        std::uint32_t block);

// Indices of the requests of one block and step, by warp then issue order.
std::vector<std::size_t> step_requests(const std::vector<WarpRequest>& requests, std::uint32_t block,
                                       std::uint16_t step);

}  // namespace wl
