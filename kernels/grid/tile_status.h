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
// identity for tile 0), in every lane. Each round the warp reads the 32 * kWords nearest unread
// predecessors at once, kWords a lane (lane 0 the nearest), waits until none of them is Invalid
// (reading again all that still are, one round trip a poll), and combines them from the nearest
// up to the first inclusive prefix; without one, the next window. A serial look-back pays one
// memory round trip per predecessor; a warp pays one per window. Where tiles start together (a
// short input: every tile in flight at once) they all publish aggregates before most find an
// inclusive prefix, so a tile walks back to tile 0: kWords 4 reads 128 tiles a round trip.
// Where tiles start one after another the nearest inclusive prefix is close, and more words a
// lane only add reads. Recorded as the LookBack step. Origin: Merrill and Garland 2016, section 4.
template <class Op, class Ctx, class T, unsigned kWords = 1>
WL_DEVICE T warp_look_back(Ctx& ctx, Global<TileWord> status, unsigned tile, std::uint32_t epoch = 1) {
  constexpr unsigned S = kTileStatusSites;
  constexpr unsigned kAll = 0xffffffffu, kWindow = 32 * kWords;
  ctx.step(make_step(StepKind::LookBack));
  const unsigned lane = ctx.lane();
  T exclusive = identity<Op, T>();
  for (unsigned window_end = tile; ctx.branch(window_end > 0, S + __LINE__);
       window_end -= window_end < kWindow ? window_end : kWindow) {
    // Word j of lane l is the (l * kWords + j)-th nearest. Words past tile 0 stand in as an
    // inclusive prefix of the identity: the walk ends there.
    auto word_of = [&](unsigned j) { return tile_word_index(window_end - 1 - (lane * kWords + j)); };
    TileWord w[kWords];
WL_UNROLL
    for (unsigned j = 0; j < kWords; ++j) {
      w[j] = pack_tile(TileStatus::InclusivePrefix, identity<Op, T>(), epoch);
      if (ctx.branch(lane * kWords + j < window_end, S + __LINE__)) w[j] = ctx.ld_volatile(status, word_of(j), S + __LINE__);
    }
    auto unpublished = [&] {
      bool any = false;
WL_UNROLL
      for (unsigned j = 0; j < kWords; ++j) any = any || tile_status_of(w[j], epoch) == TileStatus::Invalid;
      return any;
    };
    // Each lane waits for its own words; the ballot below gathers the warp again.
    while (ctx.branch(unpublished(), S + __LINE__)) {
      ctx.yield_spin();
WL_UNROLL
      for (unsigned j = 0; j < kWords; ++j)
        if (ctx.branch(tile_status_of(w[j], epoch) == TileStatus::Invalid, S + __LINE__))
          w[j] = ctx.ld_volatile(status, word_of(j), S + __LINE__);
    }
    // The lane's words from its nearest up to its first inclusive prefix, farther ones in front.
    T v = tile_value_of<T>(w[0]);
    bool lane_inclusive = tile_status_of(w[0], epoch) == TileStatus::InclusivePrefix;
WL_UNROLL
    for (unsigned j = 1; j < kWords; ++j)
      if (!lane_inclusive) {
        v = Op::apply(tile_value_of<T>(w[j]), v);
        lane_inclusive = tile_status_of(w[j], epoch) == TileStatus::InclusivePrefix;
      }
    const unsigned inclusive = ctx.ballot(kAll, lane_inclusive, S + __LINE__);
    const unsigned stop = inclusive ? lowest_set_bit(inclusive) : 31u;  // the nearest inclusive lane
    if (lane > stop) v = identity<Op, T>();
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
