// A 128-bit sort key plus the event index it stands for: the grouping passes pack their
// fields into `hi` and `lo` so one integer comparison orders them (no per-event allocation).
#pragma once
#include <algorithm>
#include <cstdint>
#include <tuple>
#include <vector>

namespace wl {

struct SortKey {
  std::uint64_t hi;
  std::uint64_t lo;
  std::uint32_t index;

  friend bool operator<(const SortKey& a, const SortKey& b) {
    return std::tie(a.hi, a.lo, a.index) < std::tie(b.hi, b.lo, b.index);
  }
};

// Sorts keys whose `hi` holds a block index in its top 32 bits. Keys built from a canonical
// trace come a block at a time, blocks ascending: then each block's keys are sorted alone,
// which gives the whole sort's order at a fraction of its cost on millions of keys.
inline void sort_keys_by_block(std::vector<SortKey>& keys) {
  const auto block = [](const SortKey& k) { return k.hi >> 32; };
  const bool by_block = std::is_sorted(keys.begin(), keys.end(),
                                       [&](const SortKey& a, const SortKey& b) { return block(a) < block(b); });
  if (!by_block) return std::sort(keys.begin(), keys.end());
  for (auto first = keys.begin(); first != keys.end();) {
    auto last = first;
    while (last != keys.end() && block(*last) == block(*first)) ++last;
    std::sort(first, last);
    first = last;
  }
}

}  // namespace wl
