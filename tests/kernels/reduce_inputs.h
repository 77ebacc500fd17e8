// Inputs for correctness tests whose exact result is known in any order of combination:
// integer-valued floats for sums (every partial sum is exact), +-1 with a few 2s and 0.5s for
// products (every partial product is a power of two), arbitrary values for min and max.
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
      if (op == "product") v[i] = r % 97 == 0 ? T(2) : r % 97 == 1 ? T(0.5) : (r & 1 ? T(1) : T(-1));
    }
  }
  return v;
}

}  // namespace wl::test
