// The input of the tests at n = 2^31 + 17 (suite GpuHugeN): past the largest signed 32-bit
// index, so an index computed in 32 bits anywhere (a thread's element, a grid stride, a
// vector's offset, a tile's first element) reads the wrong element or faults. Integers make
// the checks exact: a sum wraps around the same way in any order.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/gpu/gpu_measure.h"

namespace wl::test {

constexpr std::uint64_t kHugeN = (std::uint64_t(1) << 31) + 17;

// Values in -1000 .. 1000 that change with the index, and the largest value last, where only a
// 64-bit index reaches it. Made once: 8.6 GB.
inline const std::vector<std::int32_t>& huge_input() {
  static const std::vector<std::int32_t> input = [] {
    std::vector<std::int32_t> v(kHugeN);
    for (std::uint64_t i = 0; i < kHugeN; ++i) v[i] = std::int32_t(i * 7919 % 2001) - 1000;
    v[kHugeN - 1] = 1 << 30;
    return v;
  }();
  return input;
}

// Whether the GPU has room for `copies` of the input (the input, an output, partials).
inline bool gpu_fits_huge_input(double copies) {
  return double(gpu_memory().free_bytes) > copies * double(kHugeN * sizeof(std::int32_t));
}

}  // namespace wl::test
