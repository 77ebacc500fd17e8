#include "model/views/request_index.h"

#include <algorithm>

namespace wl {

std::pair<std::size_t, std::size_t> block_request_range(const std::vector<WarpRequest>& requests,
                                                        std::uint32_t block) {
  const auto lo = std::lower_bound(requests.begin(), requests.end(), block,
                                   [](const WarpRequest& r, std::uint32_t b) { return r.block < b; });
  const auto hi = std::upper_bound(lo, requests.end(), block,
                                   [](std::uint32_t b, const WarpRequest& r) { return b < r.block; });
  return {std::size_t(lo - requests.begin()), std::size_t(hi - requests.begin())};
}

std::vector<std::size_t> step_requests(const std::vector<WarpRequest>& requests, std::uint32_t block,
                                       std::uint16_t step) {
  const auto [first, last] = block_request_range(requests, block);
  std::vector<std::size_t> out;
  for (std::size_t i = first; i < last; ++i)
    if (requests[i].step == step) out.push_back(i);
  return out;
}

RequestHead request_head(const std::vector<WarpRequest>& requests, std::size_t index) {
  const WarpRequest& r = requests[index];
  return {index, r.warp, r.site, r.op, r.size, r.lane_mask};
}

}  // namespace wl
