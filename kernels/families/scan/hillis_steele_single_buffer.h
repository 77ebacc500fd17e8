// hillis-steele-single-buffer (a pitfall): Hillis–Steele in place, one shared buffer, a barrier
// after each step.
//
// At step k thread t reads element t - 2^k while thread t - 2^k may already have written its
// own new value there: the barrier orders the steps, not the reads and writes inside one. Which
// value thread t sees depends on which warp ran first, so the result is wrong only sometimes on
// a GPU. The simulator runs thread t - 2^k to its barrier before thread t starts, a legal
// schedule, so it reads the new value every time: prefixes are counted twice. The tree view
// draws those reads as racy edges; compute-sanitizer's racecheck reports them. The fix is the
// second buffer (hillis-steele), or a barrier between the read and the write.
// Origin: the in-place loop of GPU Gems 3 ch. 39.2.1's naive scan, written without its double buffer.
#pragma once
#include "kernels/families/scan/hillis_steele.h"

namespace wl::scan {

struct HillisSteeleSingleBuffer : HillisSteeleWith<1> {
  static constexpr ScanVariantInfo info{
      "hillis-steele-single-buffer", "Hillis–Steele in place: a thread overwrites what its neighbour still has to read",
      "GPU Gems 3 ch. 39.2.1, without the double buffer", Shape::TilesThenPropagate, 1, 2,
      /*pitfall=*/true, /*deterministic_trace=*/false};
};

}  // namespace wl::scan
