// The reduction operators, shared by the kernels (host and CUDA device code) and the model.
// Each has an identity, so n = 0 reduces to the identity and padding lanes contribute nothing.
//
// Integer sum and product wrap around (two's complement), as the hardware does; they are
// computed in the same-size unsigned type so the C++ is defined behaviour on both backends.
//
// NaN policy for min and max: NaN propagates. If any input is NaN the result is the canonical
// NaN, all payload bits set and the sign clear (0x7fffffff for f32: what the GPU's max.NaN and
// min.NaN return), unlike fminf/fmaxf, which drop NaNs. Signed zeros are ordered:
// -0.0 < +0.0, so min(-0, +0) = -0. The result's bits then never depend on the order in which
// a reduction or a scan combines its inputs. (A NaN that meets no combine, such as an inclusive
// scan's first output, is the input's own.)
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

// The canonical NaN: the sign clear, every other exponent and payload bit set.
template <class T>
WL_CORE_HD T canonical_nan() {
  using Bits = typename SameSizeUint<T>::type;
  const Bits bits = Bits(~Bits(0)) >> 1;
  T v;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

// Float max and min without a branch. A warp whose lanes choose differently would otherwise
// split at every combine: with 128 elements a thread, a branching f32 max scans about 4x slower
// than i32 max at 2^28 on an H100 (3.3 ms against 0.8). On sm_80 and later the f32 policy is
// one instruction, max.NaN / min.NaN (the selects below cost nine). Elsewhere: equal floats have
// equal bits except the two zeros, so a tie is settled on the bits: anding them gives +0 (max),
// oring gives -0 (min); where a and b differ, both selects pick the same one.
template <class T>
WL_CORE_HD T float_max_or_min(T a, T b, bool max) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if constexpr (std::is_same_v<T, float>) {
    float r;
    if (max) asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
    else asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
    return r;
  }
#endif
  using Bits = typename SameSizeUint<T>::type;
  Bits x, y;
  std::memcpy(&x, &a, sizeof x);
  std::memcpy(&y, &b, sizeof y);
  const Bits r = max ? (a < b ? y : x) & (a <= b ? y : x) : (b < a ? y : x) | (b <= a ? y : x);
  T v;
  std::memcpy(&v, &r, sizeof v);
  const bool any_nan = is_nan(a) | is_nan(b);  // not ||: a short circuit compiles to branches
  return any_nan ? canonical_nan<T>() : v;
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
