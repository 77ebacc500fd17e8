// Grid layer: decoupled look-back (Merrill and Garland, "Single-pass Parallel Prefix Scan with
// Decoupled Look-back", 2016). Each tile publishes a status word: nothing yet, its own
// aggregate, or its inclusive prefix (everything up to and including it). A tile looks back
// over its predecessors, combining aggregates until it meets an inclusive prefix, so it waits
// only on tiles that have not published at all, never on a chain of full prefixes.
//
// Status and value share one 64-bit word, written and read in one access: a reader can never
// see a new flag beside an old value. Values are therefore at most 32 bits. The word also holds
// the run's epoch (core/tile_word.h): a run with a new epoch needs no launch to clear the words
// an earlier run left.
#pragma once
#include <cstdint>

#include "core/tile_word.h"
#include "kernels/dialect/dialect.h"

namespace wl {

// Sites recorded from this file are kTileStatusSites + line (see kernels/dialect/README.md).
constexpr unsigned kTileStatusSites = 4000;

template <class T>
WL_HOST_DEVICE TileWord pack_tile(TileStatus status, T value, std::uint32_t epoch = 1) {
  static_assert(sizeof(T) == 4, "tile status packs 32-bit values");
  const std::uint32_t high = (epoch & kTileEpochMask) << 2 | std::uint32_t(status);
  return TileWord(high) << 32 | TileWord(std::uint32_t(to_bits(value)));
}
template <class T>
WL_HOST_DEVICE T tile_value_of(TileWord w) { return from_bits<T>(std::uint32_t(w)); }

// Publishes tile `tile`'s status (until then its word is Invalid to this run: zeroed, or another
// run's epoch). No fence: the value
// travels in the same 64-bit word as the flag, so a reader that sees the flag sees the value,
// and nothing else the tile wrote is read through its status. (A fence here cost each tile two
// trips to L2 on the look-back's critical path.)
template <class Ctx, class T>
WL_DEVICE void publish_tile(Ctx& ctx, Global<TileWord> status, unsigned tile, TileStatus s, T value,
                            std::uint32_t epoch = 1) {
  constexpr unsigned S = kTileStatusSites;
  ctx.st_volatile(status, tile_word_index(tile), pack_tile(s, value, epoch), S + __LINE__);
}

// The index of the lowest set bit of a nonzero word (a ballot's first lane).
WL_HOST_DEVICE unsigned lowest_set_bit(unsigned word) {
#if defined(__CUDA_ARCH__)
  return unsigned(__ffs(int(word))) - 1u;
#else
  return unsigned(__builtin_ctz(word));
#endif
}

// One round trip of the look-back, by one whole warp: the 32 tiles before `window_end` (lane 0
// the nearest; lanes past tile 0 stand in as an inclusive prefix of the identity), each lane
// waiting until its own is not Invalid. Returns, in every lane, their values combined from the
// farthest read to the nearest, or only from the nearest inclusive prefix on; `found`: whether
// there was one. A serial look-back pays a memory round trip per predecessor; a warp, one per 32.
template <class Op, class Ctx, class T>
WL_DEVICE T warp_look_back_window(Ctx& ctx, Global<TileWord> status, unsigned window_end, std::uint32_t epoch,
                                  bool& found) {
  constexpr unsigned S = kTileStatusSites;
  constexpr unsigned kAll = 0xffffffffu;
  const unsigned lane = ctx.lane();
  TileWord w = pack_tile(TileStatus::InclusivePrefix, identity<Op, T>(), epoch);
  const std::uint64_t word = tile_word_index(window_end - 1 - lane);
  if (ctx.branch(lane < window_end, S + __LINE__)) w = ctx.ld_volatile(status, word, S + __LINE__);
  // Each lane waits for its own predecessor; the ballot below gathers the warp again.
  while (ctx.branch(tile_status_of(w, epoch) == TileStatus::Invalid, S + __LINE__)) {
    ctx.yield_spin();
    w = ctx.ld_volatile(status, word, S + __LINE__);
  }
  const unsigned inclusive = ctx.ballot(kAll, tile_status_of(w, epoch) == TileStatus::InclusivePrefix, S + __LINE__);
  const unsigned stop = inclusive ? lowest_set_bit(inclusive) : 31u;  // the nearest inclusive lane
  T v = lane <= stop ? tile_value_of<T>(w) : identity<Op, T>();
  // Farther tiles first: lane k's value goes in front of lane k - 1's.
  for (unsigned offset = 1; offset < 32; offset *= 2) {
    T farther = ctx.shfl_down(kAll, v, offset, S + __LINE__);
    if (lane + offset < 32) v = Op::apply(farther, v);
  }
  found = inclusive != 0;
  return ctx.shfl(kAll, v, 0, S + __LINE__);
}

// Shared memory block_look_back takes: a value and a flag for each of up to 32 warps.
template <class T>
constexpr unsigned block_look_back_shared_bytes() {
  return shared_array_bytes<T>(32) + shared_array_bytes<unsigned>(32);
}

// The look-back, by every warp of the block: the combined value of every tile before `tile` (the
// identity for tile 0), in every thread; every thread calls it. Each round warp k reads the k-th
// 32 predecessors back (warp_look_back_window), so the block reads 32 * warps a round trip (256
// at block 256), and the round's values are combined from the nearest warp up to the first that
// met an inclusive prefix; without one, the next 32 * warps. Tiles that start together (a
// short input: every tile resident at once) all publish aggregates before any finds an inclusive
// prefix, so tile t walks back to tile 0: t / 32 round trips for one warp (1.4-1.5 us at 128
// tiles on an H100), t / (32 * warps) for the block, whose other warps would otherwise only wait
// at the barrier. Four words a lane instead of one cost 0.2-0.5 us at 2^12-2^17 on an H100;
// every warp reading the one window within 32 of tile 0 without the barrier is 0.2-0.5 us
// slower at 2^14-2^18 (up to 248 warps then poll one line). One
// barrier a round. Recorded as the LookBack step. Origin: Merrill and Garland 2016, section 4,
// for one warp.
template <class Op, class Ctx, class T>
WL_DEVICE T block_look_back(Ctx& ctx, Global<TileWord> status, unsigned tile, std::uint32_t epoch,
                            Shared<T> warp_values, Shared<unsigned> warp_found) {
  constexpr unsigned S = kTileStatusSites;
  ctx.step(make_step(StepKind::LookBack));
  const unsigned warps = (ctx.block_dim() + 31) / 32, warp = ctx.warp(), behind = 32 * warp;
  T exclusive = identity<Op, T>();
  for (unsigned window_end = tile; ctx.branch(window_end > 0, S + __LINE__);) {
    bool found = true;  // a warp wholly past tile 0 stands in as an inclusive prefix of the identity
    T v = identity<Op, T>();
    if (ctx.branch(window_end > behind, S + __LINE__))
      v = warp_look_back_window<Op, Ctx, T>(ctx, status, window_end - behind, epoch, found);
    if (ctx.branch(ctx.lane() == 0, S + __LINE__)) {
      ctx.st(warp_values, warp, v, S + __LINE__);
      ctx.st(warp_found, warp, found ? 1u : 0u, S + __LINE__);
    }
    ctx.sync(S + __LINE__);
    // Nearest warp first, a farther warp's values in front, up to the first that found one.
    bool any = false;
    for (unsigned k = 0; !any && k < warps; ++k) {
      exclusive = Op::apply(ctx.ld(warp_values, k, S + __LINE__), exclusive);
      any = ctx.ld(warp_found, k, S + __LINE__) != 0;
    }
    if (ctx.branch(any, S + __LINE__)) break;
    ctx.sync(S + __LINE__);  // every thread has read the slots before the next round writes them
    window_end -= 32 * warps;  // no underflow: a round that reaches tile 0 finds its prefix
  }
  return exclusive;
}

}  // namespace wl
