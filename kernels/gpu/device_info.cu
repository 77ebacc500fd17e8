#include "kernels/gpu/device_info.h"

#include "kernels/gpu/event_timer.cuh"

namespace wl {

std::string gpu_name() {
  int device = 0;
  WL_CUDA(cudaGetDevice(&device));
  cudaDeviceProp prop{};
  WL_CUDA(cudaGetDeviceProperties(&prop, device));
  return prop.name;
}

GpuMemory gpu_memory() {
  std::size_t free_bytes = 0, total_bytes = 0;
  WL_CUDA(cudaMemGetInfo(&free_bytes, &total_bytes));
  return {free_bytes, total_bytes};
}

double time_device_copy_ms(std::uint64_t bytes, int warmup, int repeats) {
  DeviceBuffer<unsigned char> a(bytes), b(bytes);
  WL_CUDA(cudaMemset(a.ptr, 0x5A, bytes));
  return median_event_ms([&] { WL_CUDA(cudaMemcpyAsync(b.ptr, a.ptr, bytes, cudaMemcpyDeviceToDevice)); }, warmup,
                         repeats);
}

}  // namespace wl
