// A probe, not part of the product: does Hopper's bulk copy engine read memory faster than
// ordinary loads? Issue 9 asks speed-of-light to take at most 0.97 of CUB's time for an f32 sum
// at 2^28, which needs about 3.18 TB/s; every plain-load shape probed so far read 3.02-3.11 TB/s
// (docs/gpu-check/speed-of-light-notes.md). Here each block of a persistent grid streams chunks
// of the input into shared memory with `cp.async.bulk` (one thread issues, an mbarrier counts the
// bytes in), several stages deep, and its threads sum each chunk from shared memory. Against it,
// in the same process and on the same buffer: CUB DeviceReduce::Sum and a plain grid-stride sum
// of 16-byte loads, 8 in flight a thread (the old probe's best shape). Every sum ends in the
// last block (fence, ticket, the last block sums the partials and returns the ticket).
// Inputs are -1, 0 or 1, so every partial sum is an exact integer and all results must agree.
// Written out longhand, with tools/probes/probe_common.cuh, so that it depends on nothing in the product.
//
// Build: nvcc -O3 -std=c++17 -arch=sm_90 tools/probes/reduce_bulk_copy_probe.cu -o build-probes/reduce_bulk_copy_probe
// Run:   build-probes/reduce_bulk_copy_probe   (under a minute)
#include <cub/device/device_reduce.cuh>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "probe_common.cuh"

// Chunks of CHUNK bytes, block b taking b, b + grid, ...; n * 4 a multiple of CHUNK here.
template <int BLOCK, int CHUNK, int STAGES>
__global__ void __launch_bounds__(BLOCK) bulk_sum(const float* in, std::size_t n, float* partials, unsigned* ticket,
                                                   float* out) {
  extern __shared__ __align__(128) unsigned char stage[];
  __shared__ __align__(8) std::uint64_t bars[STAGES];
  __shared__ float warp_totals[32];
  const std::size_t chunks = n * 4 / CHUNK;
  const unsigned tid = threadIdx.x;
  auto issue = [&](std::size_t c, int s) {
    bar_expect(&bars[s], CHUNK);
    bulk_load(stage + s * CHUNK, reinterpret_cast<const unsigned char*>(in) + c * CHUNK, CHUNK, &bars[s]);
  };
  if (tid == 0) {
    for (int s = 0; s < STAGES; ++s) bar_init(&bars[s], 1);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    for (int s = 0; s < STAGES; ++s)
      if (blockIdx.x + std::size_t(s) * gridDim.x < chunks) issue(blockIdx.x + std::size_t(s) * gridDim.x, s);
  }
  __syncthreads();
  float acc = 0;
  for (std::size_t i = 0, c = blockIdx.x; c < chunks; ++i, c += gridDim.x) {
    const int s = int(i % STAGES);
    bar_wait(&bars[s], unsigned(i / STAGES) & 1u);
    const float4* chunk = reinterpret_cast<const float4*>(stage + s * CHUNK);
#pragma unroll
    for (int j = tid; j < CHUNK / 16; j += BLOCK) {
      const float4 f = chunk[j];
      acc += (f.x + f.y) + (f.z + f.w);
    }
    __syncthreads();  // stage s is free again
    const std::size_t next = c + std::size_t(STAGES) * gridDim.x;
    if (tid == 0 && next < chunks) issue(next, s);
  }
  finish_in_last_block(block_sum(acc, warp_totals), partials, ticket, out, warp_totals);
}

// The plain form: a grid-stride sum of 16-byte loads, LOADS of them in flight a thread.
template <int BLOCK, int LOADS>
__global__ void __launch_bounds__(BLOCK) plain_sum(const float* in, std::size_t n, float* partials, unsigned* ticket,
                                                    float* out) {
  __shared__ float warp_totals[32];
  const float4* in4 = reinterpret_cast<const float4*>(in);
  const std::size_t vectors = n / 4, stride = std::size_t(BLOCK) * gridDim.x;
  float acc = 0;
  std::size_t j = blockIdx.x * std::size_t(BLOCK) + threadIdx.x;
  for (; j + (LOADS - 1) * stride < vectors; j += LOADS * stride) {
    float4 x[LOADS];
#pragma unroll
    for (int k = 0; k < LOADS; ++k) x[k] = __ldg(in4 + j + k * stride);
#pragma unroll
    for (int k = 0; k < LOADS; ++k) acc += (x[k].x + x[k].y) + (x[k].z + x[k].w);
  }
  for (; j < vectors; j += stride) {
    const float4 f = __ldg(in4 + j);
    acc += (f.x + f.y) + (f.z + f.w);
  }
  finish_in_last_block(block_sum(acc, warp_totals), partials, ticket, out, warp_totals);
}

struct Shape {
  const char* name;
  void (*kernel)(const float*, std::size_t, float*, unsigned*, float*);
  int block, blocks_per_sm, shared;
};

template <int BLOCK, int CHUNK, int STAGES>
Shape bulk(const char* name, int blocks_per_sm) {
  CHECK(cudaFuncSetAttribute(bulk_sum<BLOCK, CHUNK, STAGES>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             CHUNK * STAGES));
  return {name, bulk_sum<BLOCK, CHUNK, STAGES>, BLOCK, blocks_per_sm, CHUNK * STAGES};
}
template <int BLOCK, int LOADS>
Shape plain(const char* name, int blocks_per_sm) { return {name, plain_sum<BLOCK, LOADS>, BLOCK, blocks_per_sm, 0}; }

int main() {
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("# %s, %d SMs; f32 sum, median of 30 behind a 40 us hold\n", prop.name, prop.multiProcessorCount);
  const std::size_t n = std::size_t(1) << 28;
  std::vector<float> host(n);
  std::mt19937 rng(5);
  for (auto& x : host) x = float(int(rng() % 3) - 1);
  double exact = 0;
  for (float x : host) exact += x;
  const SumBuffers buf = sum_buffers(host);

  std::size_t cub_bytes = 0;
  CHECK(cub::DeviceReduce::Sum(nullptr, cub_bytes, buf.in, buf.out, std::int64_t(n)));
  void* d_cub = nullptr;
  CHECK(cudaMalloc(&d_cub, cub_bytes));
  const double gb = 4.0 * double(n) / 1e3;
  auto cub_run = [&] { CHECK(cub::DeviceReduce::Sum(d_cub, cub_bytes, buf.in, buf.out, std::int64_t(n))); };
  const double cub_first = median_us(cub_run, 5, 30);
  std::printf("CUB: %.1f us, %.0f GB/s\n", cub_first, gb / cub_first);

  const std::vector<Shape> shapes{
      plain<1024, 8>("plain, 1024 x 2/SM, 8 loads", 2),
      plain<256, 4>("plain, 256 x 4/SM, 4 loads", 4),
      bulk<256, 16384, 4>("bulk, 256 x 1/SM, 16 KiB x 4 stages", 1),
      bulk<256, 16384, 8>("bulk, 256 x 1/SM, 16 KiB x 8 stages", 1),
      bulk<512, 32768, 4>("bulk, 512 x 1/SM, 32 KiB x 4 stages", 1),
      bulk<512, 32768, 6>("bulk, 512 x 1/SM, 32 KiB x 6 stages", 1),
      bulk<256, 16384, 4>("bulk, 256 x 2/SM, 16 KiB x 4 stages", 2),
      bulk<256, 8192, 6>("bulk, 256 x 4/SM, 8 KiB x 6 stages", 4),
      bulk<128, 4096, 8>("bulk, 128 x 6/SM, 4 KiB x 8 stages", 6),
  };
  for (const Shape& s : shapes) {
    const unsigned grid = unsigned(prop.multiProcessorCount * s.blocks_per_sm);
    auto run = [&] { s.kernel<<<grid, s.block, s.shared>>>(buf.in, n, buf.partials, buf.ticket, buf.out); };
    CHECK(cudaMemset(buf.out, 0xff, 4));
    run();
    CHECK(cudaGetLastError());
    float got = 0;
    CHECK(cudaMemcpy(&got, buf.out, 4, cudaMemcpyDeviceToHost));
    const double us = median_us(run, 5, 30);
    const double cub = median_us(cub_run, 5, 30);  // again beside each shape: the card drifts
    std::printf("  %-40s %7.1f us %5.0f GB/s  this / CUB %.3f (CUB %.1f us)%s\n", s.name, us, gb / us, us / cub, cub,
                double(got) == exact ? "" : " WRONG");
  }
  return 0;
}
