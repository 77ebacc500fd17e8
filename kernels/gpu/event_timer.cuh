// Times a callable with CUDA events: warm-up runs, then the median of the samples (TimingPlan).
//
// Each sample is queued behind a kernel that holds the GPU, so the start event, the sample's
// runs and the stop event are all queued before the GPU reaches them: the events then time what
// the GPU does, not how fast the host enqueues (nvbench's blocking kernel does the same).
// Without it, a 4 KB copy times 8 us on an H100, nearly all of it host launch cost. A sample
// whose start event the GPU reached before the host had queued its stop event would time the
// host after all: its hold was too short, so it is taken again, and every later sample too, with
// a hold twice as long. A sample must fit CUDA's launch queue (about a thousand launches): past
// it the host waits for the GPU whatever the hold, and the timing gives up after a second.
#pragma once
#include <algorithm>
#include <vector>

#include "kernels/gpu/cuda_check.cuh"
#include "kernels/gpu/timing_plan.h"

namespace wl {

constexpr unsigned long long kHoldNs = 40000;        // far more than one run's host enqueue time
constexpr unsigned long long kHoldPerRunNs = 20000;  // and this for each further run of a sample
constexpr unsigned long long kLongestHoldNs = 1000000000;

struct CudaEvent {
  cudaEvent_t event = nullptr;
  CudaEvent() { WL_CUDA(cudaEventCreate(&event)); }
  ~CudaEvent() { cudaEventDestroy(event); }
  CudaEvent(const CudaEvent&) = delete;
  CudaEvent& operator=(const CudaEvent&) = delete;
  operator cudaEvent_t() const { return event; }
};

// A template, so that every .cu file including this header may instantiate it.
template <int = 0>
__global__ void hold_gpu(unsigned long long ns) {
  unsigned long long start, now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  do asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now)); while (now - start < ns);
}

// The median over plan.repeats samples of one run's time, in ms.
template <class F>
double median_event_ms(F&& run, const TimingPlan& plan) {
  const int runs = std::max(plan.back_to_back, 1);
  for (int i = 0; i < plan.warmup; ++i) run();
  WL_CUDA(cudaDeviceSynchronize());
  const CudaEvent start, stop;
  unsigned long long hold = kHoldNs + kHoldPerRunNs * (runs - 1);
  std::vector<float> times;
  while (int(times.size()) < plan.repeats) {
    hold_gpu<<<1, 1>>>(hold);
    WL_CUDA(cudaGetLastError());
    WL_CUDA(cudaEventRecord(start));
    for (int i = 0; i < runs; ++i) run();
    WL_CUDA(cudaEventRecord(stop));
    const cudaError_t reached = cudaEventQuery(start);  // cudaErrorNotReady: still held
    if (reached != cudaErrorNotReady) WL_CUDA(reached);
    WL_CUDA(cudaEventSynchronize(stop));
    if (reached == cudaSuccess) {  // the GPU waited on the host: take the sample again
      hold *= 2;
      if (hold > kLongestHoldNs) throw GpuError("timing: the host could not queue a sample within a second");
      continue;
    }
    float ms = 0;
    WL_CUDA(cudaEventElapsedTime(&ms, start, stop));
    times.push_back(ms / runs);
  }
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
