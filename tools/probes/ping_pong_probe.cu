// A probe, not part of the product: how long one multiprocessor takes to see a word another has
// just stored, through L2, with the loads and stores decoupled-lookback's status words use (64-bit
// volatile). Two blocks, each alone on its multiprocessor, one thread of each at work: block 0
// stores i into its word and waits for block 1 to store i into the other; block 1 waits for i,
// then answers. A round is two hand-overs. The first round of a launch is timed apart from the
// rest (it may pay for cold translations and lines), and the words are on lines of their own.
// The tile exchange probe found a hand-over inside a single pass taking about 1 us; this says how
// much of that the hand-over itself is. Findings: docs/gpu-check/scan-lookback-notes.md, "No
// cheaper hand-over".
//
// Build: nvcc -O3 -std=c++17 -arch=sm_90 tools/probes/ping_pong_probe.cu -o build-probe/ping_pong_probe
// Run:   build-probe/ping_pong_probe        (a second)
#include <algorithm>
#include <cstdio>
#include <vector>

#include "probe_common.cuh"

__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// times[0]: the first round, ns; times[1]: the other rounds together; times[2 + b]: block b's
// multiprocessor.
__global__ void ping_pong(volatile unsigned long long* ping, volatile unsigned long long* pong, int rounds,
                          unsigned long long* times) {
  extern __shared__ char one_block_a_multiprocessor[];
  if (threadIdx.x != 0) return;
  unsigned sm;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
  times[2 + blockIdx.x] = sm;
  if (blockIdx.x == 0) {
    const unsigned long long t0 = now_ns();
    unsigned long long t1 = t0;
    for (int i = 1; i <= rounds; ++i) {
      *ping = i;
      while (*pong != (unsigned long long)i) {
      }
      if (i == 1) t1 = now_ns();
    }
    times[0] = t1 - t0;
    times[1] = now_ns() - t1;
  } else {
    for (int i = 1; i <= rounds; ++i) {
      while (*ping != (unsigned long long)i) {
      }
      *pong = i;
    }
  }
}

int main() {
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  constexpr int kRounds = 1000, kLaunches = 51;
  unsigned long long *words = nullptr, *times = nullptr;
  CHECK(cudaMalloc(&words, 4096));
  CHECK(cudaMalloc(&times, 32));
  constexpr int kShared = 200 << 10;  // more than half a multiprocessor's: the blocks run on two
  CHECK(cudaFuncSetAttribute(ping_pong, cudaFuncAttributeMaxDynamicSharedMemorySize, kShared));
  bool apart = true;
  std::vector<double> first, rest;
  for (int l = 0; l < kLaunches; ++l) {
    CHECK(cudaMemset(words, 0, 4096));
    ping_pong<<<2, 32, kShared>>>(words, words + 64, kRounds, times);  // 512 bytes apart
    unsigned long long t[4];
    CHECK(cudaMemcpy(t, times, 32, cudaMemcpyDeviceToHost));
    apart = apart && t[2] != t[3];
    first.push_back(t[0] / 2.0);  // ns a hand-over
    rest.push_back(t[1] / 2.0 / (kRounds - 1));
  }
  std::sort(first.begin(), first.end());
  std::sort(rest.begin(), rest.end());
  std::printf("# %s; %d launches of %d rounds; ns a hand-over (half a round), min / median / max\n", prop.name,
              kLaunches, kRounds);
  std::printf("first round of a launch: %.0f / %.0f / %.0f\n", first.front(), first[first.size() / 2], first.back());
  std::printf("later rounds (mean):     %.0f / %.0f / %.0f\n", rest.front(), rest[rest.size() / 2], rest.back());
  std::printf("the two blocks on two multiprocessors in every launch: %s\n", apart ? "yes" : "NO");
  return 0;
}
