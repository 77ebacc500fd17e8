// The status word of decoupled look-back (kernels/grid/tile_status.h), as the kernels write it
// and as the look-back timeline (model/views/lookback_timeline.h) reads it back from a trace:
// status in the high 32 bits, the value's bits in the low 32, in one 64-bit access.
#pragma once
#include <cstdint>

#include "core/host_device.h"

namespace wl {

enum class TileStatus : std::uint32_t { Invalid = 0, Aggregate = 1, InclusivePrefix = 2 };

using TileWord = std::uint64_t;

// What the drivers name the buffer of status words in a trace.
constexpr const char* kTileStatusBufferName = "tile status";

WL_CORE_HD inline TileStatus tile_status_of(TileWord w) { return TileStatus(std::uint32_t(w >> 32)); }

}  // namespace wl
