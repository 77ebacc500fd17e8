// What the timing sweep and the clocks measure on the GPU, whatever the family: its free memory,
// the device-to-device copy that bounds every bandwidth (and the peer copy that bounds a
// collective's), and its SM clock. Which GPU it is, and whether there is one, is
// kernels/device/device_info.h's. Plain C++; defined in gpu_measure.cu (CUDA builds only). Each
// throws GpuError when CUDA fails.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/gpu/timing_plan.h"

namespace wl {

struct GpuMemory {
  std::uint64_t free_bytes = 0, total_bytes = 0;
};

GpuMemory gpu_memory();

// cudaMemcpyAsync of `bytes` between two device buffers: timed as `timing` says.
double time_device_copy_ms(std::uint64_t bytes, const TimingPlan& timing);

// cudaMemcpyPeerAsync of `bytes` from GPU 0 to GPU 1, timed as `timing` says: what one link
// between two GPUs moves one way, the roofline of a collective's busbw. Throws GpuError with
// fewer than two GPUs or where GPU 0 cannot reach GPU 1's memory.
double time_peer_copy_ms(std::uint64_t bytes, const TimingPlan& timing);

// The SM clock now, in MHz: clock64 cycles over %globaltimer nanoseconds across a 1 ms spin.
// Measured rather than read from the device's properties, which give the boost limit, not the
// clock the GPU runs at this moment.
double measure_sm_clock_mhz();

}  // namespace wl
