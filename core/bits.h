// Raw bits of a value, for traces, for reading them back (the model) and for compare-and-swap
// loops on floats (the kernels).
#pragma once
#include <cstdint>
#include <cstring>

#include "core/host_device.h"

namespace wl {

template <class T>
inline WL_CORE_HD std::uint64_t to_bits(T v) {
  static_assert(sizeof(T) <= 8, "values are at most 8 bytes");
  std::uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof(T));
  return bits;
}

template <class T>
inline WL_CORE_HD T from_bits(std::uint64_t bits) {
  T v;
  std::memcpy(&v, &bits, sizeof(T));
  return v;
}

// Set bits of a lane mask; the lowest set lane (32 for none).
inline WL_CORE_HD unsigned popcount32(std::uint32_t m) {
#if defined(__CUDA_ARCH__)
  return unsigned(__popc(m));
#else
  return unsigned(__builtin_popcount(m));
#endif
}
inline WL_CORE_HD unsigned lowest_lane(std::uint32_t m) {
#if defined(__CUDA_ARCH__)
  return m ? unsigned(__ffs(int(m))) - 1u : 32u;
#else
  return m ? unsigned(__builtin_ctz(m)) : 32u;
#endif
}

template <class T> struct SameSizeUint;
template <> struct SameSizeUint<float> { using type = std::uint32_t; };
template <> struct SameSizeUint<double> { using type = unsigned long long; };
template <> struct SameSizeUint<std::int32_t> { using type = std::uint32_t; };
template <> struct SameSizeUint<std::uint32_t> { using type = std::uint32_t; };

}  // namespace wl
