// What the probes share: a CUDA error check that ends the probe; the median of event times
// taken behind a kernel that holds the GPU (40 us, and 20 us more for each further run of a
// sample), so that the sample's launches are all queued before the start event runs (the method
// of kernels/gpu/event_timer.cuh); a launch as one thread-block cluster or not; an f32 block sum
// with the last-block finish and its buffers; and Hopper's bulk copy into shared memory. Written
// out here so that the probes depend on nothing in the product.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <vector>

// A function, not a block that declares a variable: an argument named like that variable would
// silently read it instead (a probe once passed its epoch as `e` and launched with garbage).
inline void check_cuda(cudaError_t status, const char* call, const char* file, int line) {
  if (status == cudaSuccess) return;
  std::fprintf(stderr, "%s:%d %s: %s\n", file, line, call, cudaGetErrorString(status));
  std::exit(1);
}
#define CHECK(x) check_cuda((x), #x, __FILE__, __LINE__)

// Launches `kernel` on `blocks` blocks of `threads`, as one cluster of them all when `cluster`
// (Hopper's thread-block clusters). Returns the launch's error, for the caller to check or clear.
template <class... Params, class... Args>
cudaError_t launch_blocks(void (*kernel)(Params...), unsigned blocks, unsigned threads, bool cluster, Args... args) {
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(blocks);
  config.blockDim = dim3(threads);
  cudaLaunchAttribute attribute{};
  attribute.id = cudaLaunchAttributeClusterDimension;
  attribute.val.clusterDim.x = blocks;
  attribute.val.clusterDim.y = attribute.val.clusterDim.z = 1;
  if (cluster) {
    config.attrs = &attribute;
    config.numAttrs = 1;
  }
  return cudaLaunchKernelEx(&config, kernel, args...);
}

// Spins until `ns` have passed, so that everything the host enqueues behind it is queued before
// the start event runs: the events then time the GPU, not the host's launch latency.
__global__ void hold(unsigned long long ns) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)); while (t - t0 < ns);
}

// Microseconds: `warmup` runs, then the median of `repeats` samples of `runs` runs queued back
// to back (a sample's time over `runs`). f() or f(run index), the index counting every run,
// warm-ups included (for inputs rotated between runs). Without `held`, the events also time how
// fast the host enqueues.
template <class F>
double median_us(F&& f, int warmup, int repeats, bool held = true, int runs = 1) {
  int run = 0;
  auto call = [&] {
    if constexpr (std::is_invocable_v<F&, int>) f(run++);
    else f();
  };
  for (int i = 0; i < warmup; ++i) call();
  CHECK(cudaDeviceSynchronize());
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  std::vector<float> t;
  for (int i = 0; i < repeats; ++i) {
    if (held) hold<<<1, 1>>>(40000ull + 20000ull * (runs - 1));
    CHECK(cudaEventRecord(a));
    for (int r = 0; r < runs; ++r) call();
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms * 1000 / runs);
  }
  CHECK(cudaGetLastError());
  CHECK(cudaEventDestroy(a));
  CHECK(cudaEventDestroy(b));
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

// The device buffers of a last-block sum: the input (a copy of `host`), one partial a block (up
// to 2^18 blocks), the result, and the ticket at 0.
struct SumBuffers {
  float *in = nullptr, *partials = nullptr, *out = nullptr;
  unsigned* ticket = nullptr;
};

inline SumBuffers sum_buffers(const std::vector<float>& host) {
  SumBuffers b;
  CHECK(cudaMalloc(&b.in, host.size() * 4));
  CHECK(cudaMalloc(&b.partials, 1 << 20));
  CHECK(cudaMalloc(&b.out, 16));
  CHECK(cudaMalloc(&b.ticket, 16));
  CHECK(cudaMemset(b.ticket, 0, 16));
  CHECK(cudaMemcpy(b.in, host.data(), host.size() * 4, cudaMemcpyHostToDevice));
  return b;
}

__device__ float block_sum(float v, float* warp_totals) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(~0u, v, o);
  __syncthreads();  // warp_totals may still be read from an earlier call
  if (threadIdx.x % 32 == 0) warp_totals[threadIdx.x / 32] = v;
  __syncthreads();
  v = threadIdx.x < blockDim.x / 32 ? warp_totals[threadIdx.x] : 0.0f;
  if (threadIdx.x < 32)
    for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(~0u, v, o);
  return v;  // in thread 0
}

// Thread 0 of every block holds its block's sum: the last block to arrive adds them up.
__device__ void finish_in_last_block(float v, float* partials, unsigned* ticket, float* out, float* warp_totals) {
  __shared__ bool am_last;
  if (threadIdx.x == 0) {
    partials[blockIdx.x] = v;
    __threadfence();
    am_last = atomicAdd(ticket, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!am_last) return;
  v = 0;
  for (unsigned i = threadIdx.x; i < gridDim.x; i += blockDim.x) v += __ldcg(partials + i);
  v = block_sum(v, warp_totals);
  if (threadIdx.x == 0) {
    *out = v;
    *ticket = 0;
  }
}

// Hopper's bulk copy: one thread starts a copy of `bytes` from global into shared memory, and an
// mbarrier counts the bytes in; threads wait on the barrier's phase.
__device__ __forceinline__ unsigned shared_address(const void* p) { return unsigned(__cvta_generic_to_shared(p)); }

__device__ __forceinline__ void bar_init(std::uint64_t* bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(shared_address(bar)), "r"(count));
}
__device__ __forceinline__ void bar_expect(std::uint64_t* bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(shared_address(bar)), "r"(bytes)
               : "memory");
}
__device__ __forceinline__ void bar_wait(std::uint64_t* bar, unsigned parity) {
  asm volatile(
      "{\n .reg .pred done;\n wait:\n"
      " mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
      " @!done bra wait;\n}" ::"r"(shared_address(bar)),
      "r"(parity)
      : "memory");
}
__device__ __forceinline__ void bulk_load(void* dst, const void* src, unsigned bytes, std::uint64_t* bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                   shared_address(dst)),
               "l"(src), "r"(bytes), "r"(shared_address(bar))
               : "memory");
}
