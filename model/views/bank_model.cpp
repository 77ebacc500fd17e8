#include "model/views/bank_model.h"

#include <algorithm>
#include <map>

#include "model/views/request_index.h"
#include "trace/event_info.h"

namespace wl {

BankRequest bank_request(const std::vector<WarpRequest>& requests, std::size_t index) {
  const WarpRequest& r = requests[index];
  BankRequest out;
  static_cast<RequestHead&>(out) = request_head(requests, index);
  out.cost = shared_bank_cost(r);
  const unsigned width = shared_lane_group_width(r.size);
  // (group, word) → lanes
  std::map<std::pair<unsigned, std::uint32_t>, std::uint32_t> words;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!r.active(lane)) continue;
    const unsigned size = std::max<unsigned>(r.lane_size[lane], 1);
    for (std::uint32_t w = r.address[lane] / 4; w <= (r.address[lane] + size - 1) / 4; ++w)
      words[{lane / width, w}] |= 1u << lane;
  }
  std::array<std::map<unsigned, unsigned>, kBanks> per_group;  // bank → group → words
  for (const auto& [key, lanes] : words) {
    const unsigned bank = key.second % kBanks;
    out.banks[bank].push_back({key.second, lanes, std::uint8_t(key.first)});
    out.ways = std::max(out.ways, ++per_group[bank][key.first]);
  }
  for (unsigned b = 0; b < kBanks; ++b) {
    auto& bank = out.banks[b];
    std::sort(bank.begin(), bank.end(), [](const BankWord& a, const BankWord& c) {
      return std::tie(a.group, a.word) < std::tie(c.group, c.word);
    });
    for (BankWord& w : bank) w.ways = std::uint8_t(per_group[b][w.group]);
  }
  return out;
}

BankStep bank_step(const std::vector<WarpRequest>& requests, std::uint32_t block, std::uint16_t step) {
  BankStep out;
  out.step = step;
  for (std::size_t i : step_requests(requests, block, step)) {
    if (!is_shared_access(requests[i].op)) continue;
    out.requests.push_back(bank_request(requests, i));
    const BankCost& c = out.requests.back().cost;
    out.wavefronts += c.wavefronts;
    out.ideal += c.ideal;
    out.conflicts += c.conflicts();
  }
  return out;
}

}  // namespace wl
