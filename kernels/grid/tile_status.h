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

// The look-back, by one whole warp: the combined value of every tile before `tile` (the
// identity for tile 0), in every lane. Each round the 32 lanes read the 32 nearest unread
// predecessors at once (lane 0 the nearest), each waits until its own is not Invalid, and combine
// the values from lane 0 up to the first lane that saw an inclusive prefix; without one, the
// next 32. A serial look-back pays one memory round trip per predecessor, and while the
// predecessors have only aggregates it walks far back; a warp reads 32 per round trip. (Four
// words a lane, 128 a round trip, saved 0.15-0.4 us in a probe of 64-256 tiles that start at
// once, yet cost decoupled-lookback 0.2-0.5 us at 2^12-2^17 and saved nothing at 2^18-2^20:
// docs/gpu-check/scan-lookback-notes.md, "One status word a line".)
// Recorded as the LookBack step. Origin: Merrill and Garland 2016, section 4.
template <class Op, class Ctx, class T>
WL_DEVICE T warp_look_back(Ctx& ctx, Global<TileWord> status, unsigned tile, std::uint32_t epoch = 1) {
  constexpr unsigned S = kTileStatusSites;
  constexpr unsigned kAll = 0xffffffffu;
  ctx.step(make_step(StepKind::LookBack));
  const unsigned lane = ctx.lane();
  T exclusive = identity<Op, T>();
  for (unsigned window_end = tile; ctx.branch(window_end > 0, S + __LINE__); window_end -= window_end < 32 ? window_end : 32) {
    // Lanes past tile 0 stand in as an inclusive prefix of the identity: the walk ends there.
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
    T window = ctx.shfl(kAll, v, 0, S + __LINE__);
    exclusive = Op::apply(window, exclusive);
    if (ctx.branch(inclusive != 0, S + __LINE__)) break;
  }
  return exclusive;
}

}  // namespace wl
