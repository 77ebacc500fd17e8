// How a GPU timing is taken. Plain C++: the CLI, the sweep and the families' interfaces pass it
// without nvcc; kernels/gpu/event_timer.cuh carries it out.
#pragma once

namespace wl {

struct TimingPlan {
  int warmup = 5;    // untimed runs first
  int repeats = 20;  // timed samples; the median is reported
  // Runs queued between one sample's two CUDA events; a run's time is the sample's over this.
  // 1: each run alone on an idle GPU, what one call costs with the events' own overhead and the
  // launch latency (nvbench's cold time). More: what a run costs in a stream of work, where the
  // GPU goes from one launch straight to the next (nvbench's batch time). At small n the two
  // differ by microseconds; at large n they agree.
  int back_to_back = 1;
};

}  // namespace wl
