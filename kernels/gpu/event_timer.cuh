// Times a callable with CUDA events: warm-up runs, then the median of the repeats.
//
// Each timed run is queued behind a kernel that holds the GPU for kHoldNs, so the start event,
// the run's launches and the stop event are all queued before the GPU reaches them: the events
// then time what the GPU does, not how fast the host enqueues (nvbench's blocking kernel does
// the same). Without it, a 4 KB copy times 8 us on an H100, nearly all of it host launch cost.
#pragma once
#include <algorithm>
#include <vector>

#include "kernels/gpu/cuda_check.cuh"

namespace wl {

constexpr unsigned long long kHoldNs = 40000;  // far more than a run's host enqueue time

// A template, so that every .cu file including this header may instantiate it.
template <int = 0>
__global__ void hold_gpu(unsigned long long ns) {
  unsigned long long start, now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  do asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now)); while (now - start < ns);
}

template <class F>
double median_event_ms(F&& run, int warmup, int repeats) {
  for (int i = 0; i < warmup; ++i) run();
  WL_CUDA(cudaDeviceSynchronize());
  cudaEvent_t start, stop;
  WL_CUDA(cudaEventCreate(&start));
  WL_CUDA(cudaEventCreate(&stop));
  std::vector<float> times;
  for (int i = 0; i < repeats; ++i) {
    hold_gpu<<<1, 1>>>(kHoldNs);
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
