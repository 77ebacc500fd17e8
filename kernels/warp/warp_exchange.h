// Warp layer: loads and stores of a blocked arrangement (lane l holds kItems consecutive
// elements) made through a striped one (each instruction moves 32 consecutive 16-byte vectors,
// 512 whole bytes), by way of shared memory. Loaded directly, a lane's run of kItems is
// 4 * kItems bytes away from its neighbour's, so each instruction touches twice the sectors it
// uses and the rest waits in L1; on an H100 the exchange made the decoupled look-back scan 1.3x
// faster at 2^28 (tools/probes/scan_lookback_probe.cu). Vector q of a warp's region sits at
// q ^ (q / 8 % 8): both arrangements then hit 8 different bank groups in each quarter warp, free
// of conflicts. Origin: CUB's BLOCK_LOAD_WARP_TRANSPOSE and BLOCK_STORE_WARP_TRANSPOSE.
#pragma once
#include <cstdint>

#include "kernels/dialect/dialect.h"

namespace wl {

// Sites recorded from this file are kWarpExchangeSites + line (see kernels/dialect/README.md).
constexpr unsigned kWarpExchangeSites = 1800;

// Elements of shared memory one warp's exchange of kItems a lane takes.
template <unsigned kItems>
constexpr unsigned kWarpExchangeElements = 32 * kItems;

WL_HOST_DEVICE constexpr unsigned exchange_slot(unsigned vector) { return vector ^ (vector >> 3 & 7u); }

// Lane l gets elements first + l * kItems ... of `in`, `pad` past n. `region`: this warp's
// kWarpExchangeElements<kItems> elements, starting at element `base` of `exchange`.
template <unsigned kItems, class T, class Ctx>
WL_DEVICE void warp_load_blocked(Ctx& ctx, Shared<T> exchange, unsigned base, Global<const T> in, std::uint64_t n,
                                 std::uint64_t first, T pad, T (&items)[kItems]) {
  constexpr unsigned S = kWarpExchangeSites;
  constexpr unsigned W = kVecWidth<T>, kVecs = kItems / W;
  static_assert(kItems % W == 0, "whole vectors per lane");
  const unsigned lane = ctx.lane();
WL_UNROLL
  for (unsigned j = 0; j < kVecs; ++j) {
    const unsigned q = j * 32 + lane;
    const std::uint64_t e = first + std::uint64_t(q) * W;
    Vec<T, W> x;
    if (ctx.branch(e + W <= n, S + __LINE__)) {
      x = ctx.ld_vec(in, e, S + __LINE__);
    } else {
      for (unsigned k = 0; k < W; ++k) {
        x.v[k] = pad;
        if (ctx.branch(e + k < n, S + __LINE__)) x.v[k] = ctx.ld(in, e + k, S + __LINE__);
      }
    }
    ctx.st_vec(exchange, base + exchange_slot(q) * W, x, S + __LINE__);
  }
  ctx.syncwarp(0xffffffffu, S + __LINE__);
WL_UNROLL
  for (unsigned v = 0; v < kVecs; ++v) {
    const Vec<T, W> x = ctx.ld_vec(exchange, base + exchange_slot(lane * kVecs + v) * W, S + __LINE__);
WL_UNROLL
    for (unsigned k = 0; k < W; ++k) items[v * W + k] = x.v[k];
  }
}

// The reverse: lane l's kItems go to elements first + l * kItems ... of `out`, none past n.
template <unsigned kItems, class T, class Ctx>
WL_DEVICE void warp_store_blocked(Ctx& ctx, Shared<T> exchange, unsigned base, Global<T> out, std::uint64_t n,
                                  std::uint64_t first, const T (&items)[kItems]) {
  constexpr unsigned S = kWarpExchangeSites;
  constexpr unsigned W = kVecWidth<T>, kVecs = kItems / W;
  const unsigned lane = ctx.lane();
  ctx.syncwarp(0xffffffffu, S + __LINE__);  // every lane has read what it loaded through the region
WL_UNROLL
  for (unsigned v = 0; v < kVecs; ++v) {
    Vec<T, W> x;
WL_UNROLL
    for (unsigned k = 0; k < W; ++k) x.v[k] = items[v * W + k];
    ctx.st_vec(exchange, base + exchange_slot(lane * kVecs + v) * W, x, S + __LINE__);
  }
  ctx.syncwarp(0xffffffffu, S + __LINE__);
WL_UNROLL
  for (unsigned j = 0; j < kVecs; ++j) {
    const unsigned q = j * 32 + lane;
    const std::uint64_t e = first + std::uint64_t(q) * W;
    const Vec<T, W> x = ctx.ld_vec(exchange, base + exchange_slot(q) * W, S + __LINE__);
    if (ctx.branch(e + W <= n, S + __LINE__)) {
      ctx.st_vec(out, e, x, S + __LINE__);
    } else {
      for (unsigned k = 0; ctx.branch(k < W && e + k < n, S + __LINE__); ++k) ctx.st(out, e + k, x.v[k], S + __LINE__);
    }
  }
}

}  // namespace wl
