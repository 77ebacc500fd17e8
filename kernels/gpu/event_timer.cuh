// Times a callable with CUDA events: warm-up runs, then the median of the repeats.
#pragma once
#include <algorithm>
#include <vector>

#include "kernels/gpu/cuda_check.cuh"

namespace wl {

template <class F>
double median_event_ms(F&& run, int warmup, int repeats) {
  for (int i = 0; i < warmup; ++i) run();
  WL_CUDA(cudaDeviceSynchronize());
  cudaEvent_t start, stop;
  WL_CUDA(cudaEventCreate(&start));
  WL_CUDA(cudaEventCreate(&stop));
  std::vector<float> times;
  for (int i = 0; i < repeats; ++i) {
    WL_CUDA(cudaEventRecord(start));
    run();
    WL_CUDA(cudaEventRecord(stop));
    WL_CUDA(cudaEventSynchronize(stop));
    float ms = 0;
    WL_CUDA(cudaEventElapsedTime(&ms, start, stop));
    times.push_back(ms);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(times.begin(), times.end());
  return times.empty() ? 0.0 : times[times.size() / 2];
}

// A device allocation freed on scope exit.
template <class T>
struct DeviceBuffer {
  T* ptr = nullptr;
  explicit DeviceBuffer(std::size_t n) { WL_CUDA(cudaMalloc(&ptr, std::max<std::size_t>(n, 1) * sizeof(T))); }
  ~DeviceBuffer() { cudaFree(ptr); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
};

}  // namespace wl
