// blelloch-gems-macro (a pitfall): Blelloch padded with GPU Gems 3's CONFLICT_FREE_OFFSET as
// printed, for 16 banks:
//
//   #define CONFLICT_FREE_OFFSET(n) ((n) >> NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS))
//
// `+` binds tighter than `>>`, so this is n >> (16 + n) >> 8: a shift by 16 or more places of a
// number below 2^16, which is 0 (shifts of 32 or more are undefined in C++; the GPU's shift
// instruction clamps them to 0). The padding is silently never applied: the result is right,
// and every bank conflict of plain Blelloch is back. The bank view shows it; the source does
// not. The intended offset was (n >> 4) + (n >> 8); blelloch-padded uses n >> 5 for 32 banks.
// Origin: GPU Gems 3, chapter 39.2.3, Example 39-3.
#pragma once
#include "kernels/families/scan/blelloch.h"

namespace wl::scan {

// The macro as C parses it, with the GPU's clamped shift standing in for the undefined one.
struct GemsMacroPadding {
  static constexpr unsigned kNumBanks = 16, kLogNumBanks = 4;
  static constexpr unsigned shift_right(unsigned x, unsigned by) { return by >= 32 ? 0u : x >> by; }
  static constexpr unsigned offset(unsigned n) { return shift_right(shift_right(n, kNumBanks + n), 2 * kLogNumBanks); }
  static constexpr unsigned slot(unsigned i) { return i + offset(i); }
  static constexpr unsigned slots(unsigned count) { return count + offset(count); }
};
static_assert(GemsMacroPadding::offset(1000) == 0 && GemsMacroPadding::offset(65535) == 0, "the bug: never pads");

struct BlellochGemsMacro : BlellochWith<GemsMacroPadding> {
  static constexpr ScanVariantInfo info{
      "blelloch-gems-macro", "GPU Gems' 16-bank padding macro as printed: its precedence bug pads nothing",
      "GPU Gems 3 ch. 39.2.3, Example 39-3", Shape::TilesThenPropagate, 2, 1, /*pitfall=*/true};
};

}  // namespace wl::scan
