// The bank view of one block and step: every shared-memory warp request drawn as 32 banks,
// each holding the distinct 4-byte words the request touched in it. A bank with k distinct
// words in one lane group is a k-way conflict: the hardware serves it in k wavefronts
// (model/shared_banks.h counts them; this view only lays them out). Words of different lane
// groups share a bank freely: a 16-byte request is served a quarter warp at a time, so a bank
// may hold 4 words, one a group, and still cost nothing extra.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "model/shared_banks.h"
#include "model/views/request_index.h"
#include "model/warp_requests.h"

namespace wl {

struct BankWord {
  std::uint32_t word = 0;        // byte address / 4
  std::uint32_t lanes = 0;       // lanes that touched it (more than one: a broadcast)
  std::uint8_t group = 0;        // lane group (model/shared_banks.h) that touched it
  std::uint8_t ways = 1;         // distinct words of its group in its bank: over 1, a conflict
};

struct BankRequest : RequestHead {
  std::array<std::vector<BankWord>, kBanks> banks;  // by bank, words ascending
  unsigned ways = 0;             // most distinct words of one lane group in one bank
  BankCost cost;
};

struct BankStep {
  std::uint16_t step = 0;
  std::vector<BankRequest> requests;  // by warp, then issue order
  std::uint64_t wavefronts = 0, ideal = 0, conflicts = 0;
};

BankRequest bank_request(const std::vector<WarpRequest>& requests, std::size_t index);
BankStep bank_step(const std::vector<WarpRequest>& requests, std::uint32_t block, std::uint16_t step);

}  // namespace wl
