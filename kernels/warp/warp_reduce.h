// Warp layer: reduce one value per lane to lane 0 with __shfl_down_sync, one step per offset.
#pragma once
#include "kernels/dialect/dialect.h"

namespace wl {

// Sites recorded from this file are kWarpReduceSites + line (see kernels/dialect/README.md).
constexpr unsigned kWarpReduceSites = 1000;

// Five shuffle levels (offsets 16, 8, 4, 2, 1).
constexpr unsigned kWarpReduceLevels = 5;

// Recorded as steps first .. first + 4 (five levels of first's kind). The total is valid in
// lane 0.
template <class Op, class Ctx, class T>
WL_DEVICE T warp_reduce(Ctx& ctx, T v, StepId first) {
  StepId step = first;
  for (unsigned offset = 16; offset > 0; offset /= 2) {
    ctx.step(step++);
    T received = ctx.shfl_down(0xffffffffu, v, offset, kWarpReduceSites + __LINE__);
    v = Op::apply(v, received);
  }
  return v;
}

}  // namespace wl
