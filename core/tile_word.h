// The status word of decoupled look-back (kernels/grid/tile_status.h), as the kernels write it
// and as the look-back timeline (model/views/lookback_timeline.h) reads it back from a trace:
// in the high 32 bits the run's epoch (30 bits) above the status (2 bits), in the low 32 the
// value's bits; one 64-bit access. A word another run wrote (another epoch) reads as Invalid,
// so the status buffer is cleared once when allocated, not by a launch before every run.
#pragma once
#include <cstdint>

#include "core/host_device.h"

namespace wl {

enum class TileStatus : std::uint32_t { Invalid = 0, Aggregate = 1, InclusivePrefix = 2 };

using TileWord = std::uint64_t;

// What the drivers name the buffer of status words in a trace.
constexpr const char* kTileStatusBufferName = "tile status";

// Each tile's word has a 128-byte line to itself. Every tile publishes into the buffer while the
// others poll it: words that share a line queue behind one another in L2, so the look-back's
// wait grows with the tiles sharing it (on an H100, 2^28 scans in 724 us with a line a word, in
// 763 with 16 words a line). Word t is at index t * kTileWordSpacing.
constexpr std::uint32_t kTileWordSpacing = 16;
static_assert(kTileWordSpacing * sizeof(TileWord) == 128, "one status word a 128-byte line");
WL_CORE_HD constexpr std::uint64_t tile_word_index(std::uint32_t tile) {
  return std::uint64_t(tile) * kTileWordSpacing;
}
// The words a status buffer of `tiles` tiles holds.
WL_CORE_HD constexpr std::uint64_t tile_status_words(std::uint32_t tiles) {
  return std::uint64_t(tiles) * kTileWordSpacing;
}

constexpr std::uint32_t kTileEpochMask = (1u << 30) - 1;

WL_CORE_HD inline std::uint32_t tile_epoch_of(TileWord w) { return std::uint32_t(w >> 34); }
// The status the run of `epoch` sees (epochs start at 1; a zeroed word is Invalid to all).
WL_CORE_HD inline TileStatus tile_status_of(TileWord w, std::uint32_t epoch = 1) {
  return tile_epoch_of(w) == (epoch & kTileEpochMask) ? TileStatus(std::uint32_t(w >> 32) & 3u) : TileStatus::Invalid;
}

}  // namespace wl
