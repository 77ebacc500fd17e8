#include "kernels/gpu/gpu_measure.h"

#include "kernels/gpu/event_timer.cuh"

namespace wl {

GpuMemory gpu_memory() {
  std::size_t free_bytes = 0, total_bytes = 0;
  WL_CUDA(cudaMemGetInfo(&free_bytes, &total_bytes));
  return {free_bytes, total_bytes};
}

double time_device_copy_ms(std::uint64_t bytes, const TimingPlan& timing) {
  DeviceBuffer<unsigned char> a(bytes), b(bytes);
  WL_CUDA(cudaMemset(a.ptr, 0x5A, bytes));
  return median_event_ms([&] { WL_CUDA(cudaMemcpyAsync(b.ptr, a.ptr, bytes, cudaMemcpyDeviceToDevice)); },
                         timing);
}

double time_peer_copy_ms(std::uint64_t bytes, const TimingPlan& timing) {
  int devices = 0, reach = 0;
  WL_CUDA(cudaGetDeviceCount(&devices));
  if (devices < 2) throw GpuError("a peer copy needs two GPUs; this machine has " + std::to_string(devices));
  WL_CUDA(cudaDeviceCanAccessPeer(&reach, 0, 1));
  if (!reach) throw GpuError("GPU 0 cannot reach GPU 1's memory: no peer copy");
  WL_CUDA(cudaSetDevice(1));
  DeviceBuffer<unsigned char> to(bytes);
  WL_CUDA(cudaSetDevice(0));
  DeviceBuffer<unsigned char> from(bytes);
  WL_CUDA(cudaMemset(from.ptr, 0x5A, bytes));
  const cudaError_t enabled = cudaDeviceEnablePeerAccess(1, 0);  // a copy over the link, not through the host
  if (enabled == cudaErrorPeerAccessAlreadyEnabled) (void)cudaGetLastError();
  else WL_CUDA(enabled);
  return median_event_ms([&] { WL_CUDA(cudaMemcpyPeerAsync(to.ptr, 1, from.ptr, 0, bytes)); }, timing);
}

namespace {

__global__ void spin_and_count(unsigned long long ns, unsigned long long* out) {
  unsigned long long t0, t1;
  const long long c0 = clock64();
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1)); while (t1 - t0 < ns);
  const long long c1 = clock64();
  out[0] = static_cast<unsigned long long>(c1 - c0);
  out[1] = t1 - t0;
}

}  // namespace

double measure_sm_clock_mhz() {
  DeviceBuffer<unsigned long long> out(2);
  spin_and_count<<<1, 1>>>(1000000, out.ptr);
  WL_CUDA(cudaGetLastError());
  unsigned long long counted[2] = {0, 0};
  WL_CUDA(cudaMemcpy(counted, out.ptr, sizeof counted, cudaMemcpyDeviceToHost));
  return counted[1] ? double(counted[0]) / double(counted[1]) * 1000.0 : 0.0;
}

}  // namespace wl
