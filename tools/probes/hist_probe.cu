// Build and run on the GPU machine: nvcc -O3 -arch=sm_90 -o hist_probe hist_probe.cu && ./hist_probe
// Histogram at n = 2^20 i32, 256 bins: what a privatised kernel's shape costs, each run alone
// behind a holding kernel, median of 200 after 20, against CUB's HistogramEven in the same run.
//   A: memset + kernel, 16 items a thread in 4 rounds of 16-byte loads, one after another (today)
//   B: memset + kernel, the 4 loads issued together first
//   C: memset + kernel, 1 round a thread (4x the blocks)
//   D: one launch: B's kernel, merged into a zero accumulator; the last block copies it out and clears it
#include <cstdio>
#include <algorithm>
#include <vector>
#include <cub/cub.cuh>
__global__ void hold(long long cycles) { long long s = clock64(); while (clock64() - s < cycles) {} }
constexpr int BINS = 256;
template <int ROUNDS, bool TOGETHER, bool LAST>
__global__ void hist(const int4* in, unsigned n4, unsigned* counts, unsigned* acc, unsigned* ticket) {
  __shared__ unsigned own[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) own[b] = 0;
  __syncthreads();
  const unsigned threads = gridDim.x * blockDim.x;
  const unsigned first = blockIdx.x * blockDim.x + threadIdx.x;
  int4 v[ROUNDS];
  if (TOGETHER) {
#pragma unroll
    for (int r = 0; r < ROUNDS; ++r) v[r] = first + r * threads < n4 ? in[first + r * threads] : make_int4(-1, -1, -1, -1);
#pragma unroll
    for (int r = 0; r < ROUNDS; ++r) {
      int x[4] = {v[r].x, v[r].y, v[r].z, v[r].w};
      for (int k = 0; k < 4; ++k) if (x[k] >= 0 && x[k] < BINS) atomicAdd(&own[x[k]], 1u);
    }
  } else {
#pragma unroll 1
    for (unsigned i = first; i < n4; i += threads) {
      int4 w = in[i];
      int x[4] = {w.x, w.y, w.z, w.w};
      for (int k = 0; k < 4; ++k) if (x[k] >= 0 && x[k] < BINS) atomicAdd(&own[x[k]], 1u);
    }
  }
  __syncthreads();
  unsigned* into = LAST ? acc : counts;
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) if (own[b]) atomicAdd(&into[b], own[b]);
  if (!LAST) return;
  __threadfence();
  __syncthreads();
  __shared__ bool last;
  if (threadIdx.x == 0) last = atomicAdd(ticket, 1u) == gridDim.x - 1;
  __syncthreads();
  if (!last) return;
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) { counts[b] = atomicExch(&acc[b], 0u); }
  if (threadIdx.x == 0) *ticket = 0;
}
template <class F> float median_us(F f) {
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  std::vector<float> t;
  for (int i = 0; i < 220; ++i) {
    hold<<<1, 1>>>(1000000);
    cudaEventRecord(a); f(); cudaEventRecord(b); cudaEventSynchronize(b);
    float ms; cudaEventElapsedTime(&ms, a, b); if (i >= 20) t.push_back(ms * 1000);
  }
  std::sort(t.begin(), t.end()); return t[t.size() / 2];
}
int main() {
  const unsigned n = 1u << 20, n4 = n / 4;
  std::vector<int> h(n); unsigned s = 1; for (auto& x : h) { s = s * 1664525u + 1013904223u; x = (s >> 8) % BINS; }
  std::vector<unsigned> want(BINS); for (int x : h) want[x]++;
  const int COPIES = 32;  // 4 MiB each: rotated out of the 60 MB L2
  int* in; cudaMalloc(&in, size_t(n) * 4 * COPIES);
  for (int c = 0; c < COPIES; ++c) cudaMemcpy(in + size_t(c) * n, h.data(), n * 4, cudaMemcpyHostToDevice);
  unsigned *counts, *acc, *ticket; cudaMalloc(&counts, BINS * 4); cudaMalloc(&acc, BINS * 4); cudaMalloc(&ticket, 4);
  cudaMemset(acc, 0, BINS * 4); cudaMemset(ticket, 0, 4);
  int k = 0;
  auto next = [&] { return reinterpret_cast<const int4*>(in + size_t(k++ % COPIES) * n); };
  auto check = [&](const char* what) {
    std::vector<unsigned> got(BINS); cudaMemcpy(got.data(), counts, BINS * 4, cudaMemcpyDeviceToHost);
    if (got != want) printf("%s: WRONG\n", what);
  };
  size_t temp_bytes = 0; void* temp = nullptr;
  cub::DeviceHistogram::HistogramEven(temp, temp_bytes, (const int*)in, counts, BINS + 1, 0, BINS, (int)n);
  cudaMalloc(&temp, temp_bytes);
  float cub_us = median_us([&] { cub::DeviceHistogram::HistogramEven(temp, temp_bytes, (const int*)next(), counts, BINS + 1, 0, BINS, (int)n); });
  check("CUB");
  printf("CUB HistogramEven:                 %6.2f us\n", cub_us);
  for (int block : {256, 512}) {
    const unsigned g4 = n4 / 4 / block, g1 = n4 / block;
    float a = median_us([&] { cudaMemsetAsync(counts, 0, BINS * 4); hist<4, false, false><<<g4, block>>>(next(), n4, counts, acc, ticket); });
    check("A");
    float b = median_us([&] { cudaMemsetAsync(counts, 0, BINS * 4); hist<4, true, false><<<g4, block>>>(next(), n4, counts, acc, ticket); });
    check("B");
    float c = median_us([&] { cudaMemsetAsync(counts, 0, BINS * 4); hist<1, true, false><<<g1, block>>>(next(), n4, counts, acc, ticket); });
    check("C");
    float d = median_us([&] { hist<4, true, true><<<g4, block>>>(next(), n4, counts, acc, ticket); });
    check("D");
    float e = median_us([&] { hist<1, true, true><<<g1, block>>>(next(), n4, counts, acc, ticket); });
    check("E");
    printf("block %4d  A today %6.2f (%.2fx CUB)  B loads together %6.2f (%.2fx)  C 1 round %6.2f (%.2fx)  D one launch %6.2f (%.2fx)  E one launch 1 round %6.2f (%.2fx)\n",
           block, a, cub_us / a, b, cub_us / b, c, cub_us / c, d, cub_us / d, e, cub_us / e);
  }
  return 0;
}
