// The reduction operators. Each has an identity, so n = 0 reduces to the identity and padding
// lanes contribute nothing.
//
// Integer sum and product wrap around (two's complement), as the hardware does; they are
// computed in unsigned arithmetic so the C++ is defined behaviour on both backends.
//
// NaN policy for min and max: NaN propagates. If any input is NaN the result is NaN (unlike
// fminf/fmaxf, which drop NaNs). Signed zeros are ordered: -0.0 < +0.0, so min(-0, +0) = -0.
// This keeps the result independent of the order in which a reduction combines its inputs.
#pragma once
#include <cstdint>
#include <limits>

#include "kernels/dialect/macros.h"

namespace wl {

template <class T>
WL_HOST_DEVICE bool is_nan(T v) {
  return v != v;
}

template <class T>
WL_HOST_DEVICE bool sign_bit(T v) {
  return v < T(0) || (v == T(0) && T(1) / v < T(0));
}

// a < b in the total order used by min/max (NaNs handled by the caller).
template <class T>
WL_HOST_DEVICE bool ordered_less(T a, T b) {
  if (a < b) return true;
  if constexpr (!std::numeric_limits<T>::is_integer) {
    if (a == b && a == T(0)) return sign_bit(a) && !sign_bit(b);
  }
  return false;
}

struct SumOp {
  static constexpr const char* name = "sum";
  template <class T> WL_HOST_DEVICE static T identity() { return T(0); }
  template <class T> WL_HOST_DEVICE static T apply(T a, T b) {
    if constexpr (std::numeric_limits<T>::is_integer) {
      return T(static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b));
    } else {
      return a + b;
    }
  }
};

struct ProductOp {
  static constexpr const char* name = "product";
  template <class T> WL_HOST_DEVICE static T identity() { return T(1); }
  template <class T> WL_HOST_DEVICE static T apply(T a, T b) {
    if constexpr (std::numeric_limits<T>::is_integer) {
      return T(static_cast<std::uint32_t>(a) * static_cast<std::uint32_t>(b));
    } else {
      return a * b;
    }
  }
};

struct MinOp {
  static constexpr const char* name = "min";
  template <class T> WL_HOST_DEVICE static T identity() {
    if constexpr (std::numeric_limits<T>::is_integer) return std::numeric_limits<T>::max();
    else return std::numeric_limits<T>::infinity();
  }
  template <class T> WL_HOST_DEVICE static T apply(T a, T b) {
    if (is_nan(a)) return a;
    if (is_nan(b)) return b;
    return ordered_less(b, a) ? b : a;
  }
};

struct MaxOp {
  static constexpr const char* name = "max";
  template <class T> WL_HOST_DEVICE static T identity() {
    if constexpr (std::numeric_limits<T>::is_integer) return std::numeric_limits<T>::lowest();
    else return -std::numeric_limits<T>::infinity();
  }
  template <class T> WL_HOST_DEVICE static T apply(T a, T b) {
    if (is_nan(a)) return a;
    if (is_nan(b)) return b;
    return ordered_less(a, b) ? b : a;
  }
};

}  // namespace wl
