// Grid layer: decoupled look-back (Merrill and Garland, "Single-pass Parallel Prefix Scan with
// Decoupled Look-back", 2016). Each tile publishes a status word: nothing yet, its own
// aggregate, or its inclusive prefix (everything up to and including it). A tile looks back
// over its predecessors, combining aggregates until it meets an inclusive prefix, so it waits
// only on tiles that have not published at all, never on a chain of full prefixes.
//
// Status and value share one 64-bit word, written and read in one access: a reader can never
// see a new flag beside an old value. Values are therefore at most 32 bits.
#pragma once
#include <cstdint>

#include "kernels/dialect/dialect.h"

namespace wl {

// Sites recorded from this file are kTileStatusSites + line (see kernels/dialect/README.md).
constexpr unsigned kTileStatusSites = 4000;

enum class TileStatus : std::uint32_t { Invalid = 0, Aggregate = 1, InclusivePrefix = 2 };

using TileWord = std::uint64_t;  // status in the high 32 bits, value bits in the low 32

template <class T>
WL_HOST_DEVICE TileWord pack_tile(TileStatus status, T value) {
  static_assert(sizeof(T) == 4, "tile status packs 32-bit values");
  return TileWord(std::uint32_t(status)) << 32 | TileWord(std::uint32_t(to_bits(value)));
}
WL_HOST_DEVICE TileStatus tile_status_of(TileWord w) { return TileStatus(std::uint32_t(w >> 32)); }
template <class T>
WL_HOST_DEVICE T tile_value_of(TileWord w) { return from_bits<T>(std::uint32_t(w)); }

// Publishes tile `tile`'s status (status words start Invalid: zero-filled). Fenced before, so
// anything the tile wrote earlier is visible to whoever sees the status.
template <class Ctx, class T>
WL_DEVICE void publish_tile(Ctx& ctx, Global<TileWord> status, unsigned tile, TileStatus s, T value) {
  constexpr unsigned S = kTileStatusSites;
  ctx.fence(S + __LINE__);
  ctx.st_volatile(status, tile, pack_tile(s, value), S + __LINE__);
}

// One thread's look-back: the combined value of every tile before `tile` (the identity for
// tile 0). Spins on tiles that are still Invalid. Recorded as the LookBack step.
template <class Op, class Ctx, class T>
WL_DEVICE T look_back(Ctx& ctx, Global<TileWord> status, unsigned tile) {
  constexpr unsigned S = kTileStatusSites;
  ctx.step(make_step(StepKind::LookBack));
  T exclusive = identity<Op, T>();
  unsigned pred = tile;
  while (ctx.branch(pred > 0, S + __LINE__)) {
    --pred;
    TileWord w = ctx.ld_volatile(status, pred, S + __LINE__);
    while (ctx.branch(tile_status_of(w) == TileStatus::Invalid, S + __LINE__)) {
      ctx.yield_spin();
      w = ctx.ld_volatile(status, pred, S + __LINE__);
    }
    exclusive = Op::apply(tile_value_of<T>(w), exclusive);
    if (ctx.branch(tile_status_of(w) == TileStatus::InclusivePrefix, S + __LINE__)) break;
  }
  return exclusive;
}

}  // namespace wl
