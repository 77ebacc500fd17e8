// A sum in one launch (in the style of the CUDA samples' "threadfenceReduction"): each block writes
// its partial sum, makes it visible with __threadfence(), and takes a ticket with atomicInc; the
// block that takes the last ticket adds up every block's partial and resets the counter.
//   threadfence_reduction [--n=N] [--threads=T] [--maxblocks=B]
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>

#include <cstdio>
#include <cstdlib>

// Blocks done so far in this launch; the last block sets it back to 0 for the next launch.
__device__ unsigned retirementCount = 0;

// The sum of every thread's `sum` in the block, through shared memory sdata[0..blockDim.x): thread 0
// returns it. blockDim.x is a power of two.
__device__ float blockSum(volatile float* sdata, float sum) {
  const unsigned tid = threadIdx.x;
  sdata[tid] = sum;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] = sum = sum + sdata[tid + s];
    __syncthreads();
  }
  // The last warp: lane t < off reads sdata[t + off] and writes sdata[t] (apart), __syncwarp
  // between the steps.
  if (tid < 32) {
    const unsigned lanes = blockDim.x < 32 ? blockDim.x : 32;
    const unsigned mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1u;
    for (unsigned off = 32; off > 0; off >>= 1) {
      if (off < blockDim.x && tid < off) sdata[tid] = sum = sum + sdata[tid + off];
      __syncwarp(mask);
    }
  }
  return sum;
}

// One launch: g_odata[blockIdx.x] is each block's partial sum, then g_odata[0] the total.
__global__ void reduceSinglePass(const float* g_idata, float* g_odata, unsigned n) {
  __shared__ float sdata[1024];
  __shared__ bool isLastBlockDone;
  const unsigned tid = threadIdx.x;

  // Each thread adds up its elements (a grid-stride loop), then the block adds the threads' sums.
  float sum = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) sum += g_idata[i];
  sum = blockSum(sdata, sum);

  if (tid == 0) {
    g_odata[blockIdx.x] = sum;
    // The partial reaches global memory before the ticket is taken, so the block that takes the
    // last ticket reads every block's partial.
    __threadfence();
    const unsigned ticket = atomicInc(&retirementCount, gridDim.x);
    isLastBlockDone = (ticket == gridDim.x - 1);
  }
  __syncthreads();

  if (isLastBlockDone) {
    __threadfence();
    // volatile: each partial is read from memory, never an earlier copy.
    const volatile float* partials = g_odata;
    float total = 0.0f;
    for (unsigned i = tid; i < gridDim.x; i += blockDim.x) total += partials[i];
    total = blockSum(sdata, total);
    if (tid == 0) {
      g_odata[0] = total;
      retirementCount = 0;
    }
  }
}

static unsigned lcg(unsigned& state) {
  state = state * 1664525u + 1013904223u;
  return state;
}

int main(int argc, char** argv) {
  printf("%s Starting...\n\n", argv[0]);
  findCudaDevice(argc, (const char**)argv);

  int n = 1 << 20;
  int threads = 256;
  int maxBlocks = 64;
  if (checkCmdLineFlag(argc, (const char**)argv, "n")) n = getCmdLineArgumentInt(argc, (const char**)argv, "n");
  if (checkCmdLineFlag(argc, (const char**)argv, "threads"))
    threads = getCmdLineArgumentInt(argc, (const char**)argv, "threads");
  if (checkCmdLineFlag(argc, (const char**)argv, "maxblocks"))
    maxBlocks = getCmdLineArgumentInt(argc, (const char**)argv, "maxblocks");
  if (n < 1 || threads < 1 || threads > 1024 || (threads & (threads - 1)) != 0 || maxBlocks < 1) {
    fprintf(stderr, "usage: %s [--n=N>0] [--threads=power of 2 up to 1024] [--maxblocks=B>0]\n", argv[0]);
    return EXIT_FAILURE;
  }
  int blocks = (n + threads - 1) / threads;
  if (blocks > maxBlocks) blocks = maxBlocks;
  printf("%d elements, %d blocks of %d threads, one launch\n\n", n, blocks, threads);

  // Whole numbers 0..7: every partial sum up to 2^24 is exact in float, whatever the order.
  const size_t bytes = size_t(n) * sizeof(float);
  float* h_idata = (float*)malloc(bytes);
  unsigned state = 2024u;
  double cpuSum = 0;
  for (int i = 0; i < n; ++i) {
    h_idata[i] = float((lcg(state) >> 16) & 7u);
    cpuSum += h_idata[i];
  }
  if (cpuSum > 16777216.0) printf("note: the sum passes 2^24, so float rounding may make it differ\n");

  float* d_idata = nullptr;
  float* d_odata = nullptr;
  checkCudaErrors(cudaMalloc(&d_idata, bytes));
  checkCudaErrors(cudaMalloc(&d_odata, blocks * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d_idata, h_idata, bytes, cudaMemcpyHostToDevice));

  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreate(&stop));

  // Twice: the second launch finds the counter reset by the first.
  bool passed = true;
  for (int run = 1; run <= 2; ++run) {
    checkCudaErrors(cudaMemset(d_odata, 0, blocks * sizeof(float)));
    checkCudaErrors(cudaEventRecord(start));
    reduceSinglePass<<<blocks, threads>>>(d_idata, d_odata, n);
    getLastCudaError("reduceSinglePass failed");
    checkCudaErrors(cudaEventRecord(stop));
    checkCudaErrors(cudaEventSynchronize(stop));
    float ms = 0;
    checkCudaErrors(cudaEventElapsedTime(&ms, start, stop));
    float gpuSum = 0;
    checkCudaErrors(cudaMemcpy(&gpuSum, d_odata, sizeof(float), cudaMemcpyDeviceToHost));
    const bool ok = double(gpuSum) == cpuSum;
    passed = passed && ok;
    printf("launch %d: GPU sum %.1f, CPU sum %.1f, %s (%.3f ms)\n", run, gpuSum, cpuSum, ok ? "PASSED" : "FAILED", ms);
  }

  checkCudaErrors(cudaEventDestroy(start));
  checkCudaErrors(cudaEventDestroy(stop));
  checkCudaErrors(cudaFree(d_idata));
  checkCudaErrors(cudaFree(d_odata));
  free(h_idata);

  printf("%s\n", passed ? "PASSED" : "FAILED");
  return passed ? EXIT_SUCCESS : EXIT_FAILURE;
}
