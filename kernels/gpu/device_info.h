// What the timing sweep asks of the GPU itself, whatever the family: its name, its memory, and
// the device-to-device copy that bounds every bandwidth. Plain C++; defined in device_info.cu
// (CUDA builds only). Each throws GpuError when CUDA fails.
#pragma once
#include <cstdint>
#include <string>

namespace wl {

struct GpuMemory {
  std::uint64_t free_bytes = 0, total_bytes = 0;
};

std::string gpu_name();
GpuMemory gpu_memory();

// cudaMemcpyAsync of `bytes` between two device buffers: the median of `repeats` after `warmup`.
double time_device_copy_ms(std::uint64_t bytes, int warmup, int repeats);

}  // namespace wl
