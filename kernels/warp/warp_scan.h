// Warp layer: an inclusive scan of one value per lane with __shfl_up_sync (Hillis–Steele inside
// a warp): at offset d, every lane at or above d combines the value d lanes below it.
#pragma once
#include "kernels/dialect/dialect.h"

namespace wl {

// Sites recorded from this file are kWarpScanSites + line (see kernels/dialect/README.md).
constexpr unsigned kWarpScanSites = 1500;

// Five shuffle levels (offsets 1, 2, 4, 8, 16).
constexpr unsigned kWarpScanLevels = 5;

// Recorded as steps first .. first + 4. Lane k gets v[0] op ... op v[k] of its warp. Every lane
// shuffles (a shuffle needs the whole mask); the lanes below the offset keep their value.
template <class Op, class Ctx, class T>
WL_DEVICE T warp_inclusive_scan(Ctx& ctx, T v, StepId first) {
  constexpr unsigned S = kWarpScanSites;
  StepId step = first;
  for (unsigned offset = 1; offset < 32; offset *= 2) {
    ctx.step(step++);
    T below = ctx.shfl_up(0xffffffffu, v, offset, S + __LINE__);
    if (ctx.branch(ctx.lane() >= offset, S + __LINE__)) v = Op::apply(below, v);
  }
  return v;
}

}  // namespace wl
