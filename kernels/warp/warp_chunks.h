// Warp layer: a warp's run of chunks, striped. A chunk is 32 consecutive 16-byte vectors, one a
// lane, so every load and store instruction moves 512 whole bytes, and a lane's vector never
// moves to another lane: the chunk is scanned where it lies (warp_scan_chunks), a lane's few
// elements and then a warp scan of the lanes' totals, with no transpose. Of a warp's chunks the
// first kParked wait in shared memory and the rest are held in registers: a caller that waits
// between the load and the store (a look-back) then keeps its data in both, more of it on a
// multiprocessor than either holds alone (1.07x faster than the same tiles in shared memory
// alone on an H100 at 2^28). A parked chunk lies as it came, lane l's
// vector at l, so each quarter warp reaches 8 different bank groups, free of conflicts, and
// each lane reads back only what it wrote itself: no barrier.
//
// The stores name their loads (st_vec_from, kernels/dialect/README.md): `loads_before` is how
// many loads the thread has made earlier in the current step, where the masks start counting.
#pragma once
#include <cstdint>

#include "kernels/dialect/dialect.h"

namespace wl {

// Sites recorded from this file are kWarpChunksSites + line (see kernels/dialect/README.md).
constexpr unsigned kWarpChunksSites = 1800;

// Elements of shared memory a warp's kParked chunks take.
template <class T, unsigned kParked>
constexpr unsigned kParkedElements = 32 * kParked * kVecWidth<T>;

// The slot of lane `lane`'s vector of parked chunk j, from the warp's region.
template <class T>
WL_HOST_DEVICE constexpr unsigned parked_slot(unsigned region, unsigned j, unsigned lane) {
  return region + (j * 32 + lane) * kVecWidth<T>;
}

// Lane `lane`'s vector of chunk j from `first`, `pad` past n: one load when whole, element by
// element where n cuts it, none wholly past n. Counts the loads it made in `taken`.
template <class T, class Ctx>
WL_DEVICE Vec<T, kVecWidth<T>> load_chunk_vector(Ctx& ctx, Global<const T> in, std::uint64_t n, std::uint64_t e,
                                                   T pad, unsigned& taken) {
  constexpr unsigned S = kWarpChunksSites;
  constexpr unsigned W = kVecWidth<T>;
  Vec<T, W> x;
  if (ctx.branch(e + W <= n, S + __LINE__)) {
    ++taken;
    return ctx.ld_vec(in, e, S + __LINE__);
  }
  for (unsigned k = 0; k < W; ++k) {
    x.v[k] = pad;
    if (ctx.branch(e + k < n, S + __LINE__)) {
      x.v[k] = ctx.ld(in, e + k, S + __LINE__);
      ++taken;
    }
  }
  return x;
}

// The warp's kParked + kHeld chunks from element `first` of `in`, `pad` past n: chunk j's
// vector of lane l is elements first + (32 j + l) * W .. + W - 1. The first kParked go to the
// warp's region of `parked` (kParkedElements from element `region`), the rest to `held`. Where
// the warp's run is whole, every load goes before any store, all in flight at once.
template <unsigned kParked, unsigned kHeld, class T, class Ctx>
WL_DEVICE void warp_load_chunks(Ctx& ctx, Shared<T> parked, unsigned region, Global<const T> in, std::uint64_t n,
                                std::uint64_t first, T pad, unsigned loads_before,
                                Vec<T, kVecWidth<T>> (&held)[kHeld]) {
  constexpr unsigned S = kWarpChunksSites;
  constexpr unsigned W = kVecWidth<T>;
  const unsigned lane = ctx.lane();
  auto at = [&](unsigned j) { return first + std::uint64_t(j * 32 + lane) * W; };
  if (ctx.branch(first + 32 * (kParked + kHeld) * W <= n, S + __LINE__)) {
    Vec<T, W> x[kParked];
WL_UNROLL
    for (unsigned j = 0; j < kParked; ++j) x[j] = ctx.ld_vec(in, at(j), S + __LINE__);
WL_UNROLL
    for (unsigned j = 0; j < kHeld; ++j) held[j] = ctx.ld_vec(in, at(kParked + j), S + __LINE__);
WL_UNROLL
    for (unsigned j = 0; j < kParked; ++j)
      ctx.st_vec_from(parked, parked_slot<T>(region, j, lane), x[j], 1u << (loads_before + j), S + __LINE__);
    return;
  }
  unsigned taken = loads_before;  // the cut warp: vector by vector
WL_UNROLL
  for (unsigned j = 0; j < kParked; ++j) {
    const unsigned slot = parked_slot<T>(region, j, lane);
    const std::uint64_t e = at(j);
    if (ctx.branch(e + W <= n, S + __LINE__)) {
      const Vec<T, W> x = ctx.ld_vec(in, e, S + __LINE__);
      ctx.st_vec_from(parked, slot, x, 1u << taken++, S + __LINE__);
    } else if (ctx.branch(e < n, S + __LINE__)) {  // n cuts the vector: each slot names its own load, or none
      for (unsigned k = 0; k < W; ++k) {
        if (ctx.branch(e + k < n, S + __LINE__)) {
          const T x = ctx.ld(in, e + k, S + __LINE__);
          ctx.st_from(parked, slot + k, x, 1u << taken++, S + __LINE__);
        } else {
          ctx.st_from(parked, slot + k, pad, kFromConstant, S + __LINE__);
        }
      }
    } else {
      Vec<T, W> pads;
      for (unsigned k = 0; k < W; ++k) pads.v[k] = pad;
      ctx.st_vec_from(parked, slot, pads, kFromConstant, S + __LINE__);
    }
  }
WL_UNROLL
  for (unsigned j = 0; j < kHeld; ++j) held[j] = load_chunk_vector(ctx, in, n, at(kParked + j), pad, taken);
}

// G chunks of a warp, in order, scanned where they lie, in place: each lane scans its W elements
// of each chunk, the warp scans the lanes' totals with shuffles (Hillis–Steele in the warp), and
// `running`, everything before the first chunk (the same in every lane), goes in front.
// Inclusive, or exclusive (each element gets what comes before it). `running` then moves past
// the G chunks. A chunk's shuffles wait on each other, but two chunks' do not: the G chains go
// side by side, so a warp waits for one chain's latency, not G (on an H100, 8 chunks one by one
// take 1.1 us longer than 2; side by side, 0.5-0.8 us less than one by one).
// The combining order is the one-chunk order, so the bits do not depend on G. Records no step
// of its own: it runs inside its caller's.
template <class Op, unsigned G, class Ctx, class T, unsigned W>
WL_DEVICE void warp_scan_chunks(Ctx& ctx, Vec<T, W> (&x)[G], T& running, bool exclusive) {
  constexpr unsigned S = kWarpChunksSites;
  constexpr unsigned kAll = 0xffffffffu;
  const unsigned lane = ctx.lane();
  T lanes[G];  // each becomes the inclusive scan of its chunk's lane totals
WL_UNROLL
  for (unsigned g = 0; g < G; ++g) {
WL_UNROLL
    for (unsigned k = 1; k < W; ++k) x[g].v[k] = Op::apply(x[g].v[k - 1], x[g].v[k]);  // the lane's own scan
    lanes[g] = x[g].v[W - 1];
  }
  for (unsigned offset = 1; offset < 32; offset *= 2) {
    T below[G];
WL_UNROLL
    for (unsigned g = 0; g < G; ++g) below[g] = ctx.shfl_up(kAll, lanes[g], offset, S + __LINE__);
    if (ctx.branch(lane >= offset, S + __LINE__)) {
WL_UNROLL
      for (unsigned g = 0; g < G; ++g) lanes[g] = Op::apply(below[g], lanes[g]);
    }
  }
  T lanes_below[G], chunk_total[G];
WL_UNROLL
  for (unsigned g = 0; g < G; ++g) {
    lanes_below[g] = ctx.shfl_up(kAll, lanes[g], 1, S + __LINE__);
    chunk_total[g] = ctx.shfl(kAll, lanes[g], 31, S + __LINE__);
  }
WL_UNROLL
  for (unsigned g = 0; g < G; ++g) {
    const T base = lane == 0 ? running : Op::apply(running, lanes_below[g]);
    if (exclusive) {
WL_UNROLL
      for (unsigned k = W; k-- > 1;) x[g].v[k] = Op::apply(base, x[g].v[k - 1]);
      x[g].v[0] = base;
    } else {
WL_UNROLL
      for (unsigned k = 0; k < W; ++k) x[g].v[k] = Op::apply(base, x[g].v[k]);
    }
    running = Op::apply(running, chunk_total[g]);
  }
}

// One lane's vector of a chunk out to element e of `out`, none past n; `from` names its loads
// (st_vec_from).
template <class T, class Ctx>
WL_DEVICE void store_chunk_vector(Ctx& ctx, Global<T> out, std::uint64_t n, std::uint64_t e, const Vec<T, kVecWidth<T>>& y,
                                  unsigned from) {
  constexpr unsigned S = kWarpChunksSites;
  constexpr unsigned W = kVecWidth<T>;
  if (ctx.branch(e + W <= n, S + __LINE__)) {
    ctx.st_vec_from(out, e, y, from, S + __LINE__);
    return;
  }
  for (unsigned k = 0; ctx.branch(k < W && e + k < n, S + __LINE__); ++k) ctx.st_from(out, e + k, y.v[k], from, S + __LINE__);
}

}  // namespace wl
