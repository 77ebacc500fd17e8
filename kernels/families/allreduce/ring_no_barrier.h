// ring-no-barrier (a pitfall): the ring (ring.h) without the rank barriers between its steps.
//
// Nothing stops rank r from reading chunk c of rank r - 1 before rank r - 1 has written it:
// the read returns whatever was there (on the simulator, the buffer's poison; on GPUs, an older
// partial), and the sum is wrong. The simulator runs each rank until it must wait, a legal
// schedule, so it shows the wrong result every time; GPUs show it whenever one rank runs ahead.
// The fix is the barrier after every step.
// Origin: the classic mistake of step-synchronous collectives written by hand.
#pragma once
#include "kernels/families/allreduce/ring.h"

namespace wl::allreduce {

struct RingNoBarrier : RingOf<false> {
  static constexpr AllReduceVariantInfo info{
      "ring-no-barrier", "the ring without barriers between steps: a rank reads a chunk before its neighbour wrote it",
      "hand-written step-synchronous collectives", /*powers_of_two=*/false, /*pitfall=*/true,
      /*deterministic_trace=*/false};
};

}  // namespace wl::allreduce
