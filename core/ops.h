// The reduction operators, shared by the kernels (host and CUDA device code) and the model.
// Each has an identity, so n = 0 reduces to the identity and padding lanes contribute nothing.
//
// Integer sum and product wrap around (two's complement), as the hardware does; they are
// computed in the same-size unsigned type so the C++ is defined behaviour on both backends.
//
// NaN policy for min and max: NaN propagates. If any input is NaN the result is NaN (unlike
// fminf/fmaxf, which drop NaNs). Signed zeros are ordered: -0.0 < +0.0, so min(-0, +0) = -0.
// This keeps the result independent of the order in which a reduction combines its inputs.
#pragma once
#include <cstring>
#include <limits>
#include <type_traits>

#include "core/bits.h"
#include "core/host_device.h"

namespace wl {

// Where integer T wraps around without undefined behaviour: its unsigned twin, widened to at
// least unsigned int, because narrower unsigned types promote to (signed) int and a product of
// two such values can overflow int.
template <class T>
using WrapUint = std::common_type_t<std::make_unsigned_t<T>, unsigned>;

template <class T>
WL_CORE_HD constexpr bool is_nan(T v) {
  return v != v;
}

// For floats only: the sign bit, read from the bits (so -0.0 has it). Telling the zeros apart by
// 1 / v < 0 costs a division, which on the GPU carries a slow path that took registers from
// every scan and reduce by min or max.
template <class T>
WL_CORE_HD bool sign_bit(T v) {
  using Bits = typename SameSizeUint<T>::type;
  Bits bits;
  std::memcpy(&bits, &v, sizeof bits);
  return bits >> (8 * sizeof(Bits) - 1);
}

// a < b in the total order used by min/max (NaNs handled by the caller).
template <class T>
WL_CORE_HD constexpr bool ordered_less(T a, T b) {
  if (a < b) return true;
  if constexpr (!std::numeric_limits<T>::is_integer) {
    if (a == b && a == T(0)) return sign_bit(a) && !sign_bit(b);
  }
  return false;
}

struct SumOp {
  static constexpr const char* name = "sum";
  template <class T> WL_CORE_HD static constexpr T identity() { return T(0); }
  template <class T> WL_CORE_HD static constexpr T apply(T a, T b) {
    if constexpr (std::numeric_limits<T>::is_integer) {
      return T(WrapUint<T>(a) + WrapUint<T>(b));
    } else {
      return a + b;
    }
  }
};

struct ProductOp {
  static constexpr const char* name = "product";
  template <class T> WL_CORE_HD static constexpr T identity() { return T(1); }
  template <class T> WL_CORE_HD static constexpr T apply(T a, T b) {
    if constexpr (std::numeric_limits<T>::is_integer) {
      return T(WrapUint<T>(a) * WrapUint<T>(b));
    } else {
      return a * b;
    }
  }
};

struct MinOp {
  static constexpr const char* name = "min";
  template <class T> WL_CORE_HD static constexpr T identity() {
    if constexpr (std::numeric_limits<T>::is_integer) return std::numeric_limits<T>::max();
    else return std::numeric_limits<T>::infinity();
  }
  template <class T> WL_CORE_HD static constexpr T apply(T a, T b) {
    if (is_nan(a)) return a;
    if (is_nan(b)) return b;
    return ordered_less(b, a) ? b : a;
  }
};

struct MaxOp {
  static constexpr const char* name = "max";
  template <class T> WL_CORE_HD static constexpr T identity() {
    if constexpr (std::numeric_limits<T>::is_integer) return std::numeric_limits<T>::lowest();
    else return -std::numeric_limits<T>::infinity();
  }
  template <class T> WL_CORE_HD static constexpr T apply(T a, T b) {
    if (is_nan(a)) return a;
    if (is_nan(b)) return b;
    return ordered_less(a, b) ? b : a;
  }
};

}  // namespace wl
