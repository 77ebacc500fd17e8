// Warp layer: loads and stores of a blocked arrangement (lane l holds kItems consecutive
// elements) made through a striped one (each instruction moves 32 consecutive 16-byte vectors,
// 512 whole bytes), by way of shared memory. Loaded directly, a lane's run is sizeof(T) * kItems
// bytes from its neighbour's, so each instruction touches more sectors than it uses and the
// rest waits in L1; on an H100 the exchange alone made a look-back scan of 256 x 16 items 1.15x
// faster at 2^28 (tools/probes/scan_lookback_probe.cu). Vector q of a warp's region sits at
// q ^ (q / 8 % 8): with at most 8 vectors a lane, both arrangements then hit 8 different bank
// groups in each quarter warp, free of conflicts. Origin: CUB's BLOCK_LOAD_WARP_TRANSPOSE and
// BLOCK_STORE_WARP_TRANSPOSE.
//
// The copies name their loads (st_vec_from, kernels/dialect/README.md), so the dataflow sees a
// copy, not a combine (warp_update_blocked's rewrite names what its caller says it combined):
// `loads_before` is how many loads the thread has made earlier in the current step, where the
// masks start counting.
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

template <unsigned kItems, class T>
constexpr void check_exchange_shape() {
  static_assert(kItems % kVecWidth<T> == 0, "whole vectors per lane");
  static_assert(kItems / kVecWidth<T> <= 8, "the swizzle is free of conflicts for up to 8 vectors a lane");
}

// The warp's loads when n cuts its run: vector by vector, each checked against n, the pad past
// n (one whole vector when the vector is wholly past). Each load waits for its store here; only
// the warp that n cuts pays for that (warps wholly past n load nothing).
template <unsigned kItems, class T, class Ctx>
WL_DEVICE void warp_load_cut(Ctx& ctx, Shared<T> exchange, unsigned region, Global<const T> in, std::uint64_t n,
                             std::uint64_t first, T pad, unsigned loads_before) {
  constexpr unsigned S = kWarpExchangeSites;
  constexpr unsigned W = kVecWidth<T>, kVecs = kItems / W;
  const unsigned lane = ctx.lane();
  unsigned taken = loads_before;
WL_UNROLL
  for (unsigned j = 0; j < kVecs; ++j) {
    const unsigned q = j * 32 + lane;
    const std::uint64_t e = first + std::uint64_t(q) * W;
    const unsigned slot = region + exchange_slot(q) * W;
    if (ctx.branch(e + W <= n, S + __LINE__)) {
      const Vec<T, W> x = ctx.ld_vec(in, e, S + __LINE__);
      ctx.st_vec_from(exchange, slot, x, 1u << taken++, S + __LINE__);
    } else if (ctx.branch(e >= n, S + __LINE__)) {  // wholly past n: the pad, one vector
      Vec<T, W> x;
      for (unsigned k = 0; k < W; ++k) x.v[k] = pad;
      ctx.st_vec_from(exchange, slot, x, kFromConstant, S + __LINE__);
    } else {  // the one vector n cuts: element by element, the pad past n
      for (unsigned k = 0; k < W; ++k) {
        T x = pad;
        unsigned from = kFromConstant;
        if (ctx.branch(e + k < n, S + __LINE__)) {
          x = ctx.ld(in, e + k, S + __LINE__);
          from = 1u << taken++;
        }
        ctx.st_from(exchange, slot + k, x, from, S + __LINE__);
      }
    }
  }
}

// Lane l gets elements first + l * kItems ... of `in`, `pad` past n. The warp's region of
// `exchange`: kWarpExchangeElements<kItems> elements from element `region`.
template <unsigned kItems, class T, class Ctx>
WL_DEVICE void warp_load_blocked(Ctx& ctx, Shared<T> exchange, unsigned region, Global<const T> in, std::uint64_t n,
                                 std::uint64_t first, T pad, unsigned loads_before, T (&items)[kItems]) {
  constexpr unsigned S = kWarpExchangeSites;
  constexpr unsigned W = kVecWidth<T>, kVecs = kItems / W;
  check_exchange_shape<kItems, T>();
  const unsigned lane = ctx.lane();
  if (ctx.branch(first + kWarpExchangeElements<kItems> <= n, S + __LINE__)) {  // the warp's run is whole
    Vec<T, W> x[kVecs];  // every load before any store: all in flight at once
WL_UNROLL
    for (unsigned j = 0; j < kVecs; ++j) x[j] = ctx.ld_vec(in, first + std::uint64_t(j * 32 + lane) * W, S + __LINE__);
WL_UNROLL
    for (unsigned j = 0; j < kVecs; ++j)
      ctx.st_vec_from(exchange, region + exchange_slot(j * 32 + lane) * W, x[j], 1u << (loads_before + j), S + __LINE__);
  } else {
    warp_load_cut<kItems>(ctx, exchange, region, in, n, first, pad, loads_before);
  }
  ctx.syncwarp(0xffffffffu, S + __LINE__);
WL_UNROLL
  for (unsigned v = 0; v < kVecs; ++v) {
    const Vec<T, W> x = ctx.ld_vec(exchange, region + exchange_slot(lane * kVecs + v) * W, S + __LINE__);
WL_UNROLL
    for (unsigned k = 0; k < W; ++k) items[v * W + k] = x.v[k];
  }
}

// Lane l's run, rewritten in place in the warp's region: f(v, x) updates vector v of the run,
// in order, one vector at a time, so a lane never holds its whole run in registers: a caller
// that waits between the load and the store (a look-back) keeps its tile here, not in
// registers. `mask(v)` names the loads of the step the new vector v comes from (st_vec_from);
// vector v is the step's load v after those made before. (Four vectors at a time, loads
// first, measured 1% slower on an H100 at 2^28 and no faster at small n.)
// Returns the loads it made.
template <unsigned kItems, class T, class Ctx, class F, class Mask>
WL_DEVICE unsigned warp_update_blocked(Ctx& ctx, Shared<T> exchange, unsigned region, F&& f, Mask&& mask) {
  constexpr unsigned S = kWarpExchangeSites;
  constexpr unsigned W = kVecWidth<T>, kVecs = kItems / W;
  check_exchange_shape<kItems, T>();
  const unsigned lane = ctx.lane();
WL_UNROLL
  for (unsigned v = 0; v < kVecs; ++v) {
    const unsigned slot = region + exchange_slot(lane * kVecs + v) * W;
    Vec<T, W> x = ctx.ld_vec(exchange, slot, S + __LINE__);
    f(v, x);
    ctx.st_vec_from(exchange, slot, x, mask(v), S + __LINE__);
  }
  return kVecs;
}

// The warp's region, in the blocked arrangement, out to elements first ... of `out`, striped:
// lane l's run goes to first + l * kItems ..., none past n.
template <unsigned kItems, class T, class Ctx>
WL_DEVICE void warp_store_striped(Ctx& ctx, Shared<T> exchange, unsigned region, Global<T> out, std::uint64_t n,
                                  std::uint64_t first, unsigned loads_before) {
  constexpr unsigned S = kWarpExchangeSites;
  constexpr unsigned W = kVecWidth<T>, kVecs = kItems / W;
  check_exchange_shape<kItems, T>();
  const unsigned lane = ctx.lane();
  ctx.syncwarp(0xffffffffu, S + __LINE__);
  unsigned taken = loads_before;
WL_UNROLL
  for (unsigned j = 0; j < kVecs; ++j) {
    const unsigned q = j * 32 + lane;
    const std::uint64_t e = first + std::uint64_t(q) * W;
    const unsigned slot = region + exchange_slot(q) * W;
    if (ctx.branch(e + W <= n, S + __LINE__)) {
      const Vec<T, W> x = ctx.ld_vec(exchange, slot, S + __LINE__);
      ctx.st_vec_from(out, e, x, 1u << taken++, S + __LINE__);
    } else {  // the vector n cuts: element by element, none past n
      for (unsigned k = 0; ctx.branch(k < W && e + k < n, S + __LINE__); ++k) {
        const T x = ctx.ld(exchange, slot + k, S + __LINE__);
        ctx.st_from(out, e + k, x, 1u << taken++, S + __LINE__);
      }
    }
  }
}

}  // namespace wl
