// Inputs for correctness tests whose exact result is known in any order of combination:
// integer-valued floats for sums (every partial sum is exact); for products, +-1 with at most
// 60 twos and 60 halves, so every partial product, in any grouping, is +-2^k with |k| <= 60:
// exact, never overflowing; arbitrary values for min and max.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/host/input.h"

namespace wl::test {

template <class T>
std::vector<T> exact_input(const std::string& op, std::uint64_t n, std::uint64_t seed) {
  std::vector<T> v = make_input<T>(Pattern::Random, n, seed, op);
  if constexpr (!std::is_integral_v<T>) {
    std::uint64_t state = seed * 2654435761u + 1;
    for (std::uint64_t i = 0; i < n; ++i) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      const unsigned r = unsigned(state >> 33);
      if (op == "sum") v[i] = T(int(r % 17) - 8);  // |partial sums| < 2^24: exact in f32
      if (op == "product") v[i] = r & 1 ? T(1) : T(-1);
    }
    if (op == "product")
      for (std::uint64_t j = 0; j < 120 && j < n; ++j) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        v[(state >> 17) % n] = j % 2 ? T(0.5) : T(2);
      }
  }
  return v;
}

}  // namespace wl::test
