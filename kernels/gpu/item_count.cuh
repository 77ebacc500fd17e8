// CUB's device algorithms pick their offset type from the type of the item count: a 32-bit
// count where n fits in one is what CUB's own examples pass and runs its fastest code; a 64-bit
// count takes any n. Calls f with the narrowest count that holds n.
#pragma once
#include <cstdint>
#include <limits>

namespace wl {

template <class F>
auto visit_item_count(std::uint64_t n, F&& f) {
  if (n <= std::uint64_t(std::numeric_limits<int>::max())) return f(static_cast<int>(n));
  return f(static_cast<std::int64_t>(n));
}

}  // namespace wl
