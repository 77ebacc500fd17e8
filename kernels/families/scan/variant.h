// What every scan variant shares: its arguments, the uniform add that carries a tile's prefix
// into it, and the runs of scan-then-propagate: each thread scans a run of consecutive items in
// registers and the block scans only the threads' totals. (decoupled-lookback scans chunks
// striped across a warp instead: kernels/warp/warp_chunks.h.)
#pragma once
#include <cstdint>

#include "kernels/dialect/dialect.h"
#include "kernels/families/scan/variant_info.h"
#include "kernels/grid/tile_status.h"

namespace wl::scan {

template <class T>
struct ScanArgs {
  Global<const T> in;
  Global<T> out;
  Global<T> tile_totals;            // TilesThenPropagate with several tiles: one per tile, else empty
  Global<TileWord> status;          // SinglePass: one status word per tile, a line apart (core/tile_word.h)
  Global<unsigned> next_tile;       // SinglePass: tickets handed out by every run so far
  std::uint64_t n = 0;
  bool exclusive = false;
  std::uint32_t epoch = 1;          // SinglePass: this run's, in the status words it writes
  unsigned first_ticket = 0;        // SinglePass: next_tile when this run began (tile = ticket - it)
  bool tiles_by_block = false;      // SinglePass: the launch is cooperative, so tile b is block b
};

// Sites recorded from this file are kFamilySites + line (kernels/dialect/README.md).
constexpr unsigned kFamilySites = 5000;

// The third launch of scan-then-propagate: every element of tile b >= 1 gets the prefix of the
// tiles before it, prefixes[b], combined in front. Tile 0 has nothing before it and is left as
// it is (combining the identity would turn a float -0 into +0).
template <class Op, class T>
struct PropagateKernel {
  Global<T> out;
  Global<const T> prefixes;
  std::uint64_t n = 0;
  unsigned tile = 0;  // elements per tile

  template <class Ctx>
  WL_DEVICE void operator()(Ctx& ctx) const {
    constexpr unsigned S = kFamilySites;
    const unsigned b = ctx.block_idx() + 1;
    ctx.step(make_step(StepKind::Propagate));
    T prefix = ctx.ld(prefixes, b, S + __LINE__);
    const std::uint64_t base = std::uint64_t(b) * tile;
    for (unsigned k = ctx.thread_idx(); ctx.branch(k < tile && base + k < n, S + __LINE__); k += ctx.block_dim()) {
      T x = ctx.ld(out, base + k, S + __LINE__);
      ctx.st(out, base + k, Op::apply(prefix, x), S + __LINE__);
    }
  }
};

// A thread's run of kItems consecutive elements, starting at `first`: 16-byte loads when the
// run is whole (4 x 32-bit each), else element by element, with the identity past n. The
// vectors of one instruction are a run apart; the next instruction finds the rest of each
// 32-byte sector in L1, so memory is read once.
template <unsigned kItems, class Op, class T, class Ctx>
WL_DEVICE void load_items(Ctx& ctx, Global<const T> in, std::uint64_t n, std::uint64_t first, T (&items)[kItems]) {
  constexpr unsigned S = kFamilySites;
  constexpr unsigned W = kVecWidth<T>;
  static_assert(kItems % W == 0, "whole vectors per thread");
  if (ctx.branch(first + kItems <= n, S + __LINE__)) {
WL_UNROLL
    for (unsigned v = 0; v < kItems / W; ++v) {
      Vec<T, W> x = ctx.ld_vec(in, first + v * W, S + __LINE__);
WL_UNROLL
      for (unsigned k = 0; k < W; ++k) items[v * W + k] = x.v[k];
    }
  } else {
    for (unsigned k = 0; k < kItems; ++k) {
      items[k] = identity<Op, T>();
      if (ctx.branch(first + k < n, S + __LINE__)) items[k] = ctx.ld(in, first + k, S + __LINE__);
    }
  }
}

// items[k] becomes items[0] op ... op items[k]; returns the run's total.
template <unsigned kItems, class Op, class T>
WL_DEVICE T scan_items(T (&items)[kItems]) {
WL_UNROLL
  for (unsigned k = 1; k < kItems; ++k) items[k] = Op::apply(items[k - 1], items[k]);
  return items[kItems - 1];
}

// The run's results in place: prefix op items[k] (inclusive), or prefix op items[k - 1]
// (exclusive, where element 0 gets the prefix alone).
template <unsigned kItems, class Op, class T>
WL_DEVICE void apply_prefix(T (&items)[kItems], T prefix, bool exclusive) {
  if (exclusive) {
WL_UNROLL
    for (unsigned k = kItems; k-- > 1;) items[k] = Op::apply(prefix, items[k - 1]);
    items[0] = prefix;
  } else {
WL_UNROLL
    for (unsigned k = 0; k < kItems; ++k) items[k] = Op::apply(prefix, items[k]);
  }
}

// Stores the run's results (apply_prefix) from `first`: 16-byte stores when the run is whole.
template <unsigned kItems, class Op, class T, class Ctx>
WL_DEVICE void store_items(Ctx& ctx, Global<T> out, std::uint64_t n, std::uint64_t first, const T (&items)[kItems],
                           T prefix, bool exclusive) {
  constexpr unsigned S = kFamilySites;
  constexpr unsigned W = kVecWidth<T>;
  T r[kItems];
WL_UNROLL
  for (unsigned k = 0; k < kItems; ++k) r[k] = items[k];
  apply_prefix<kItems, Op>(r, prefix, exclusive);
  if (ctx.branch(first + kItems <= n, S + __LINE__)) {
WL_UNROLL
    for (unsigned v = 0; v < kItems / W; ++v) {
      Vec<T, W> x;
WL_UNROLL
      for (unsigned k = 0; k < W; ++k) x.v[k] = r[v * W + k];
      ctx.st_vec(out, first + v * W, x, S + __LINE__);
    }
  } else {
    for (unsigned k = 0; ctx.branch(k < kItems && first + k < n, S + __LINE__); ++k)
      ctx.st(out, first + k, r[k], S + __LINE__);
  }
}

}  // namespace wl::scan
