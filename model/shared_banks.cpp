#include "model/shared_banks.h"

#include <algorithm>

namespace wl {
namespace {

constexpr unsigned kBankBytes = 4;
constexpr unsigned kMaxWordsPerLane = 5;  // 16 bytes at any byte offset span at most 5 words

// Wavefronts of lanes [first, first + width): the busiest bank's count of distinct words.
std::uint32_t group_wavefronts(const WarpRequest& r, unsigned first, unsigned width) {
  std::uint64_t words[kWarpSize * kMaxWordsPerLane];
  unsigned n = 0;
  for (unsigned lane = first; lane < first + width; ++lane) {
    if (!r.active(lane)) continue;
    const unsigned size = std::clamp<unsigned>(r.lane_size[lane], 1, 16);
    const std::uint64_t a = r.address[lane];
    for (std::uint64_t w = a / kBankBytes; w <= (a + size - 1) / kBankBytes; ++w) words[n++] = w;
  }
  if (n == 0) return 0;
  std::sort(words, words + n);
  const unsigned distinct = unsigned(std::unique(words, words + n) - words);
  unsigned per_bank[kBanks] = {};
  unsigned busiest = 0;
  for (unsigned i = 0; i < distinct; ++i) busiest = std::max(busiest, ++per_bank[words[i] % kBanks]);
  return busiest;
}

}  // namespace

unsigned shared_lane_group_width(unsigned access_size) {
  if (access_size >= 16) return 8;
  if (access_size >= 8) return 16;
  return kWarpSize;
}

BankCost shared_bank_cost(const WarpRequest& request) {
  BankCost cost;
  const unsigned width = shared_lane_group_width(request.size);
  for (unsigned first = 0; first < kWarpSize; first += width) {
    const std::uint32_t wavefronts = group_wavefronts(request, first, width);
    if (wavefronts == 0) continue;
    cost.wavefronts += wavefronts;
    cost.ideal += 1;
  }
  return cost;
}

}  // namespace wl
