// A probe, not part of the product: how close to the launch floor can a one-launch f32 sum get
// at n <= 2^20, and where is that floor? It times, in one process, behind the same 40 us hold
// kernel as `warplens bench` (kernels/gpu/event_timer.cuh):
//   - an empty kernel, one warp: the least any launch costs between two events;
//   - CUB's DeviceReduce::Sum, and a device copy of the same bytes;
//   - a last-block sum (fence, ticket, the last block sums the partials and returns the ticket)
//     spread over more or fewer blocks: 1, 4 or 16 floats per thread, blocks of 256 or 1024.
// Issue 9 asks for 1.5x CUB's speed at n <= 2^20; this says whether any kernel can reach it.
// Written out longhand, with tools/probes/probe_common.cuh, so that it depends on nothing in the product.
//
// Build: nvcc -O3 -std=c++17 -arch=sm_90 tools/probes/reduce_small_n_probe.cu -o build-gpu/small_n_probe
// Run:   build-gpu/small_n_probe        (a few seconds)
#include <cub/device/device_reduce.cuh>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "probe_common.cuh"

__global__ void empty() {}

// VECS float4 per thread, all issued before any is used; n a multiple of 4 here.
template <int VECS>
__global__ void last_block_sum(const float* in, std::uint64_t n, float* partials, unsigned* ticket, float* out) {
  __shared__ float warp_totals[32];
  const float4* in4 = reinterpret_cast<const float4*>(in);
  const std::uint64_t vectors = n / 4, step = std::uint64_t(blockDim.x) * gridDim.x;
  std::uint64_t j = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  float4 x[VECS];
#pragma unroll
  for (int k = 0; k < VECS; ++k) x[k] = j + k * step < vectors ? __ldg(in4 + j + k * step) : float4{0, 0, 0, 0};
  float v = 0;
#pragma unroll
  for (int k = 0; k < VECS; ++k) v += x[k].x + x[k].y + x[k].z + x[k].w;
  finish_in_last_block(block_sum(v, warp_totals), partials, ticket, out, warp_totals);
}

int main() {
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("# %s, %d SMs; median of 101 behind a 40 us hold, microseconds\n", prop.name, prop.multiProcessorCount);
  const std::uint64_t max_n = 1ull << 20;
  std::vector<float> host(max_n);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  for (auto& x : host) x = dist(rng);
  const SumBuffers buf = sum_buffers(host);
  float* d_copy = nullptr;
  CHECK(cudaMalloc(&d_copy, max_n * 4));

  const double floor = median_us([] { empty<<<1, 32>>>(); }, 10, 101);
  std::printf("empty kernel, one warp: %.2f\n\n", floor);
  std::vector<std::string> table{"| n | CUB | copy | empty / CUB | best last-block sum | its shape | / CUB |",
                                 "|---|---|---|---|---|---|---|"};
  for (int log_n : {10, 12, 14, 16, 18, 20}) {
    const std::uint64_t n = 1ull << log_n;
    double exact = 0;
    for (std::uint64_t i = 0; i < n; ++i) exact += host[i];
    std::size_t cub_bytes = 0;
    CHECK(cub::DeviceReduce::Sum(nullptr, cub_bytes, buf.in, buf.out, std::int64_t(n)));
    void* d_cub = nullptr;
    CHECK(cudaMalloc(&d_cub, cub_bytes));
    const double cub = median_us([&] { CHECK(cub::DeviceReduce::Sum(d_cub, cub_bytes, buf.in, buf.out, std::int64_t(n))); }, 10, 101);
    const double copy = median_us([&] { CHECK(cudaMemcpyAsync(d_copy, buf.in, n * 4, cudaMemcpyDeviceToDevice)); }, 10, 101);
    double best = 1e30;
    char best_shape[64] = "";
    for (int block : {256, 1024}) {
      for (int vecs : {1, 4}) {
        const unsigned grid = unsigned(std::max<std::uint64_t>(1, n / 4 / vecs / block));
        auto kernel = vecs == 1 ? last_block_sum<1> : last_block_sum<4>;
        const double us = median_us([&] { kernel<<<grid, block>>>(buf.in, n, buf.partials, buf.ticket, buf.out); }, 10, 101);
        float got = 0;
        CHECK(cudaMemcpy(&got, buf.out, 4, cudaMemcpyDeviceToHost));
        const bool ok = std::abs(got - exact) <= 1e-3 * std::max(1.0, std::sqrt(double(n)));
        std::printf("  n=2^%d block %4d, %2d floats/thread, grid %4u: %.2f%s\n", log_n, block, 4 * vecs, grid, us,
                    ok ? "" : " WRONG");
        if (ok && us < best) {
          best = us;
          std::snprintf(best_shape, sizeof best_shape, "block %d, %d floats/thread", block, 4 * vecs);
        }
      }
    }
    char row[160];
    std::snprintf(row, sizeof row, "| 2^%d | %.2f | %.2f | %.2f | %.2f | %s | %.2f |", log_n, cub, copy, floor / cub,
                  best, best_shape, best / cub);
    table.push_back(row);
    CHECK(cudaFree(d_cub));
  }
  std::printf("\n");
  for (const std::string& row : table) std::printf("%s\n", row.c_str());
  return 0;
}
