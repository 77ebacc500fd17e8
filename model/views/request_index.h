// Finds the warp requests (model/warp_requests.h) of one block and step in the sorted list
// that group_requests() returns, and what a view's row of one (banks, memory) repeats of it.
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

// Which request a view's row is (its index) and who issued what; the row adds what it lays out.
struct RequestHead {
  std::size_t request = 0;  // index into the request list
  std::uint16_t warp = 0;
  std::uint16_t site = 0;
  OpKind op = OpKind::Count;
  std::uint8_t size = 0;
  std::uint32_t lane_mask = 0;
};
RequestHead request_head(const std::vector<WarpRequest>& requests, std::size_t index);

}  // namespace wl
