// One of our operators as the binary functor CUB's device algorithms take: the same NaN and
// signed-zero policy as the variants (core/ops.h).
#pragma once

namespace wl {

template <class Op>
struct OpFunctor {
  template <class T>
  __device__ T operator()(const T& a, const T& b) const { return Op::apply(a, b); }
};

}  // namespace wl
