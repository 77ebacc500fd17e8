#include "model/views/memory_model.h"

#include <map>
#include <set>

#include "model/views/request_index.h"
#include "trace/event_info.h"

namespace wl {

MemoryRequest memory_request(const std::vector<WarpRequest>& requests, std::size_t index) {
  const WarpRequest& r = requests[index];
  MemoryRequest out;
  static_cast<RequestHead&>(out) = request_head(requests, index);
  out.cost = global_sector_cost(r);
  std::map<std::pair<unsigned, std::uint32_t>, std::pair<std::uint32_t, std::set<std::uint32_t>>> used;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!r.active(lane)) continue;
    const unsigned size = r.lane_size[lane] ? r.lane_size[lane] : 1;
    for (std::uint32_t byte = r.address[lane]; byte < r.address[lane] + size; ++byte) {
      auto& u = used[{unsigned(r.buffer[lane]), byte / kSectorBytes}];
      u.first |= 1u << lane;
      u.second.insert(byte);
    }
  }
  for (const auto& [key, u] : used)
    out.sectors.push_back({BufferId(key.first), key.second, u.first, std::uint32_t(u.second.size())});
  return out;
}

MemoryStep memory_step(const std::vector<WarpRequest>& requests, std::uint32_t block, std::uint16_t step) {
  MemoryStep out;
  out.step = step;
  for (std::size_t i : step_requests(requests, block, step)) {
    if (!is_global_access(requests[i].op)) continue;
    out.requests.push_back(memory_request(requests, i));
    out.sectors += out.requests.back().cost.sectors;
    out.ideal += out.requests.back().cost.ideal;
  }
  return out;
}

}  // namespace wl
