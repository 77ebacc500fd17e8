// A probe, not part of the product: which launch shape and load form reads fastest on this GPU?
// It times plain-CUDA f32 sums that differ in one tuning knob at a time (block size, blocks per
// multiprocessor, loads in flight, cache hint, grid-stride or contiguous chunks) against CUB's
// DeviceReduce::Sum and a device copy, in one process, on the same random input. What it finds
// is ported into kernels/families/reduce/speed_of_light.h; the notes are in
// docs/gpu-check/speed-of-light-notes.md. Kept as it ran for docs/gpu-check/2026-11-23-h100-sol-probe.txt,
// written out longhand (its two block reductions included), with tools/probes/probe_common.cuh,
// so that it depends on nothing in the product.
//
// Build: nvcc -O3 -std=c++17 -arch=sm_90 tools/probes/reduce_sol_probe.cu -o build-gpu/sol_probe
// Run:   build-gpu/sol_probe            (sizes 2^10 .. 2^28; about a minute on an H100)
#include <cub/device/device_reduce.cuh>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "probe_common.cuh"

enum Hint { kPlain = 0, kNoAllocate256 = 1, kStreaming = 2 };

template <int H>
__device__ __forceinline__ float4 load(const float4* p) {
  float4 v;
  if constexpr (H == kPlain) {
    v = __ldg(p);
  } else if constexpr (H == kNoAllocate256) {
    asm volatile("ld.global.nc.L1::no_allocate.L2::256B.v4.f32 {%0,%1,%2,%3}, [%4];"
                 : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  } else {
    v = __ldcs(p);
  }
  return v;
}

template <int LOADS, int H, bool CONTIG>
__global__ void sol(const float* in, std::uint64_t n, float* partials, unsigned* ticket, float* out) {
  const float4* in4 = reinterpret_cast<const float4*>(in);
  const std::uint64_t vectors = n / 4;
  float v = 0;
  std::uint64_t j, end, step;
  if (CONTIG) {
    const std::uint64_t tile = std::uint64_t(blockDim.x) * LOADS;
    const std::uint64_t per_block = (vectors + gridDim.x - 1) / gridDim.x;
    const std::uint64_t chunk = (per_block + tile - 1) / tile * tile;
    j = blockIdx.x * chunk + threadIdx.x;
    end = (blockIdx.x + 1ull) * chunk;
    if (end > vectors) end = vectors;
    step = blockDim.x;
  } else {
    j = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    end = vectors;
    step = std::uint64_t(blockDim.x) * gridDim.x;
  }
  for (; j + (LOADS - 1) * step < end; j += LOADS * step) {
    float4 x[LOADS];
#pragma unroll
    for (int k = 0; k < LOADS; ++k) x[k] = load<H>(in4 + j + k * step);
#pragma unroll
    for (int k = 0; k < LOADS; ++k) v = v + x[k].x + x[k].y + x[k].z + x[k].w;
  }
  for (; j < end; j += step) {
    const float4 x = load<H>(in4 + j);
    v = v + x.x + x.y + x.z + x.w;
  }
  const std::uint64_t gtid = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (vectors * 4 + gtid < n) v += in[vectors * 4 + gtid];

  __shared__ float warp_totals[32];
  __shared__ bool am_last;
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
  if (threadIdx.x % 32 == 0) warp_totals[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < blockDim.x / 32 ? warp_totals[threadIdx.x] : 0.0f;
    for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
    if (threadIdx.x == 0) {
      partials[blockIdx.x] = v;
      __threadfence();
      am_last = atomicAdd(ticket, 1u) == gridDim.x - 1;
    }
  }
  __syncthreads();
  if (!am_last) return;
  v = 0;
  for (unsigned i = threadIdx.x; i < gridDim.x; i += blockDim.x) v += __ldcg(partials + i);
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
  __syncthreads();
  if (threadIdx.x % 32 == 0) warp_totals[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < blockDim.x / 32 ? warp_totals[threadIdx.x] : 0.0f;
    for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
    if (threadIdx.x == 0) {
      *out = v;
      *ticket = 0;  // ready for the next launch: no memset between runs
    }
  }
}

using Kernel = void (*)(const float*, std::uint64_t, float*, unsigned*, float*);

struct Config {
  const char* name;
  Kernel kernel;
};

template <int LOADS, int H, bool C>
Config config(const char* name) { return {name, sol<LOADS, H, C>}; }

struct Input {
  float* base = nullptr;
  std::size_t copies = 1, stride = 0;  // elements
  const float* copy(std::size_t run) const { return base + run % copies * stride; }
};

int g_sms = 0, g_l2 = 0;

int main(int argc, char** argv) {
  const int max_log_n = argc > 1 ? std::atoi(argv[1]) : 28;  // a quick run under compute-sanitizer: 10
  CHECK(cudaDeviceGetAttribute(&g_sms, cudaDevAttrMultiProcessorCount, 0));
  CHECK(cudaDeviceGetAttribute(&g_l2, cudaDevAttrL2CacheSize, 0));
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("# %s, %d SMs, L2 %d MiB\n", prop.name, g_sms, g_l2 >> 20);

  const std::uint64_t max_n = 1ull << 28;
  std::vector<float> host(max_n);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  for (auto& x : host) x = dist(rng);

  float *d_in, *d_partials, *d_out, *d_copy;
  unsigned* d_ticket;
  const std::size_t pool = std::max<std::size_t>(max_n, 4 * std::size_t(g_l2) / sizeof(float) + (1 << 20));
  CHECK(cudaMalloc(&d_in, pool * sizeof(float)));
  CHECK(cudaMalloc(&d_copy, max_n * sizeof(float)));
  CHECK(cudaMalloc(&d_partials, 1 << 20));
  CHECK(cudaMalloc(&d_out, 16));
  CHECK(cudaMalloc(&d_ticket, 16));
  CHECK(cudaMemset(d_ticket, 0, 16));

  const Config configs[] = {
      config<4, kPlain, false>("stride L4 plain"),
      config<8, kPlain, false>("stride L8 plain"),
      config<4, kNoAllocate256, false>("stride L4 na256"),
      config<8, kNoAllocate256, false>("stride L8 na256"),
      config<4, kStreaming, false>("stride L4 cs"),
      config<4, kPlain, true>("contig L4 plain"),
      config<8, kPlain, true>("contig L8 plain"),
      config<4, kNoAllocate256, true>("contig L4 na256"),
      config<8, kNoAllocate256, true>("contig L8 na256"),
  };
  struct Shape { int block, per_sm; };
  const Shape shapes[] = {{256, 2}, {256, 4}, {256, 8}, {512, 2}, {512, 4}, {1024, 1}, {1024, 2}};


  for (int log_n : {10, 14, 16, 18, 20, 22, 24, 26, 28}) {
    if (log_n > max_log_n) break;
    const std::uint64_t n = 1ull << log_n;
    Input in;
    in.base = d_in;
    in.stride = (n + 63) / 64 * 64;
    in.copies = n * 4 >= 2ull * g_l2 ? 1 : (2ull * g_l2 / 4 + in.stride - 1) / in.stride;
    for (std::size_t c = 0; c < in.copies; ++c)
      CHECK(cudaMemcpy(d_in + c * in.stride, host.data(), n * 4, cudaMemcpyHostToDevice));
    double exact = 0;
    for (std::uint64_t i = 0; i < n; ++i) exact += host[i];

    const auto items = static_cast<std::int64_t>(n);
    std::size_t cub_bytes = 0;
    CHECK(cub::DeviceReduce::Sum(nullptr, cub_bytes, in.copy(0), d_out, items));
    void* d_cub = nullptr;
    CHECK(cudaMalloc(&d_cub, cub_bytes));
    const double cub = median_us([&](int r) { CHECK(cub::DeviceReduce::Sum(d_cub, cub_bytes, in.copy(r), d_out, items)); }, 5, 60);
    const double cub_unheld = median_us([&](int r) { CHECK(cub::DeviceReduce::Sum(d_cub, cub_bytes, in.copy(r), d_out, items)); }, 5, 60, false);
    const double copy = median_us([&](int) { CHECK(cudaMemcpyAsync(d_copy, d_in, n * 4, cudaMemcpyDeviceToDevice)); }, 5, 60);
    std::printf("\nn=2^%d  CUB %.2f us (%.0f GB/s; %.2f us without the hold)  copy %.2f us (%.0f GB/s r+w)\n", log_n, cub,
                n * 4 / cub / 1e3, cub_unheld, copy, 2.0 * n * 4 / copy / 1e3);
    double best = 1e30;
    const char* best_name = "";
    int best_block = 0, best_per_sm = 0;
    for (const Config& c : configs) {
      for (const Shape& s : shapes) {
        const std::uint64_t want = (n + 16ull * s.block - 1) / (16ull * s.block);
        const unsigned grid = unsigned(std::min<std::uint64_t>(want, std::uint64_t(g_sms) * s.per_sm));
        const double us = median_us([&](int r) { c.kernel<<<grid, s.block>>>(in.copy(r), n, d_partials, d_ticket, d_out); }, 5, 60);
        float got = 0;
        CHECK(cudaMemcpy(&got, d_out, 4, cudaMemcpyDeviceToHost));
        const bool ok = std::abs(got - exact) <= 1e-3 * std::max(1.0, std::sqrt(double(n)));
        if (log_n >= 26 || (s.block == 256 && s.per_sm == 4))
          std::printf("  %-18s block %4d x %d/SM: %8.2f us  %5.0f GB/s  /CUB %.3f %s\n", c.name, s.block, s.per_sm, us,
                      n * 4 / us / 1e3, us / cub, ok ? "" : "WRONG");
        if (ok && us < best) best = us, best_name = c.name, best_block = s.block, best_per_sm = s.per_sm;
      }
    }
    CHECK(cudaFree(d_cub));
    std::printf("best n=2^%d: %s block %d x %d/SM %.2f us, /CUB %.3f\n", log_n, best_name, best_block, best_per_sm, best,
                best / cub);
  }
  return 0;
}
