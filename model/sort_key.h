// A 128-bit sort key plus the event index it stands for: the grouping passes pack their
// fields into `hi` and `lo` so one integer comparison orders them (no per-event allocation).
#pragma once
#include <cstdint>
#include <tuple>

namespace wl {

struct SortKey {
  std::uint64_t hi;
  std::uint64_t lo;
  std::uint32_t index;

  friend bool operator<(const SortKey& a, const SortKey& b) {
    return std::tie(a.hi, a.lo, a.index) < std::tie(b.hi, b.lo, b.index);
  }
};

}  // namespace wl
