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

// Float max and min without a branch. A warp whose lanes choose differently would otherwise
// split at every combine: with 128 elements a thread, decoupled-lookback's f32 max ran 4x slower
// than its i32 max (docs/gpu-check/scan-lookback-notes.md). Equal floats have equal bits except
// the two zeros, so a tie is settled on the bits: anding them gives +0 (max), oring gives -0
// (min); where a and b differ, both selects pick the same one. A NaN wins, a's before b's.
template <class T>
WL_CORE_HD T float_max_or_min(T a, T b, bool max) {
  using Bits = typename SameSizeUint<T>::type;
  Bits x, y;
  std::memcpy(&x, &a, sizeof x);
  std::memcpy(&y, &b, sizeof y);
  Bits r = max ? (a < b ? y : x) & (a <= b ? y : x) : (b < a ? y : x) | (b <= a ? y : x);
  r = is_nan(b) ? y : r;
  r = is_nan(a) ? x : r;
  T v;
  std::memcpy(&v, &r, sizeof v);
  return v;
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
    if constexpr (std::numeric_limits<T>::is_integer) {
      return b < a ? b : a;
    } else {
      return float_max_or_min(a, b, /*max=*/false);
    }
  }
};

struct MaxOp {
  static constexpr const char* name = "max";
  template <class T> WL_CORE_HD static constexpr T identity() {
    if constexpr (std::numeric_limits<T>::is_integer) return std::numeric_limits<T>::lowest();
    else return -std::numeric_limits<T>::infinity();
  }
  template <class T> WL_CORE_HD static constexpr T apply(T a, T b) {
    if constexpr (std::numeric_limits<T>::is_integer) {
      return a < b ? b : a;
    } else {
      return float_max_or_min(a, b, /*max=*/true);
    }
  }
};

}  // namespace wl
