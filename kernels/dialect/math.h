// f32 math for kernels, the simulator's beside the GPU's. Both use the accurate functions (libm's
// expf; CUDA's expf, at most 2 ulp: not the __expf intrinsic, whose error grows with |x|), so a
// result differs between backends by a few ulp at most. None of these is traced: arithmetic is
// not an event.
#pragma once
#include <limits>

#if !defined(__CUDA_ARCH__)
#include <cmath>
#endif

#include "kernels/dialect/macros.h"

namespace wl {

WL_HOST_DEVICE float exp_f32(float x) {
#if defined(__CUDA_ARCH__)
  return expf(x);
#else
  return std::exp(x);
#endif
}

// Correctly rounded on both (IEEE sqrt).
WL_HOST_DEVICE float sqrt_f32(float x) {
#if defined(__CUDA_ARCH__)
  return sqrtf(x);
#else
  return std::sqrt(x);
#endif
}

WL_HOST_DEVICE constexpr float inf_f32() { return std::numeric_limits<float>::infinity(); }

}  // namespace wl
