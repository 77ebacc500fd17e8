// blelloch-padded: Blelloch's scan with one shared-memory slot skipped every 32 elements.
//
// At up-sweep depth d the active threads touch elements 2^(d+1) apart. With 32 banks of 4 bytes
// that is the same bank for every thread once 2^(d+1) >= 32: a 32-way conflict, one wavefront
// per thread. Shifting element i to i + i / 32 moves each run of 32 to the next bank, so the
// strided accesses spread out again, for 1/32 more shared memory. GPU Gems' version shifted by
// i / 16 + i / 32 for 16 banks, and its macro lacks parentheses: the shift binds wrong when the
// index is an expression.
// Origin: GPU Gems 3, chapter 39.2.3, "Avoiding bank conflicts".
#pragma once
#include "kernels/families/scan/blelloch.h"

namespace wl::scan {

struct BlellochPadded : BlellochWith<BankPadding> {
  static constexpr ScanVariantInfo info{
      "blelloch-padded", "Blelloch with a slot skipped every 32 elements: the deep levels' bank conflicts go",
      "GPU Gems 3 ch. 39.2.3", Shape::TilesThenPropagate, 2, 1};
};

}  // namespace wl::scan
