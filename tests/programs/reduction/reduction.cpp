// The host side of the reduction program (in the style of the CUDA samples' "reduction"): sums
// n ints with each of reduce0..reduce6 on the GPU, the partial sums reduced again on the GPU by
// the same kernel until one is left, and checks each against the CPU's sum.
//   reduction [--n=N] [--kernel=K] [--threads=T] [--maxblocks=B]
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>

#include <cstdio>
#include <cstdlib>

// In reduction_kernel.cu.
template <class T>
void reduce(int size, int threads, int blocks, int whichKernel, T* d_idata, T* d_odata);

static unsigned nextPow2(unsigned x) {
  --x;
  x |= x >> 1;
  x |= x >> 2;
  x |= x >> 4;
  x |= x >> 8;
  x |= x >> 16;
  return ++x;
}

// Blocks and threads of one pass over n elements: kernels 0-2 take one element a thread, 3-6 two
// (and reduce6 at most maxBlocks blocks, each thread looping over the rest).
static void getNumBlocksAndThreads(int whichKernel, int n, int maxBlocks, int maxThreads, int& blocks,
                                   int& threads) {
  if (whichKernel < 3) {
    threads = (n < maxThreads) ? int(nextPow2(unsigned(n))) : maxThreads;
    blocks = (n + threads - 1) / threads;
  } else {
    threads = (n < maxThreads * 2) ? int(nextPow2(unsigned(n + 1) / 2)) : maxThreads;
    blocks = (n + threads * 2 - 1) / (threads * 2);
  }
  if (whichKernel == 6) blocks = MIN(maxBlocks, blocks);
}

// The sample's fixed generator: the same input on every run and every machine.
static unsigned lcg(unsigned& state) {
  state = state * 1664525u + 1013904223u;
  return state;
}

// Sums d_idata with kernel `whichKernel`, every pass on the GPU; the time of all passes in *ms.
static int reduceOnGpu(int n, int whichKernel, int maxThreads, int maxBlocks, int* d_idata, int* d_odata,
                       int* d_intermediateSums, float* ms) {
  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreate(&stop));
  int blocks = 0, threads = 0;
  getNumBlocksAndThreads(whichKernel, n, maxBlocks, maxThreads, blocks, threads);

  checkCudaErrors(cudaEventRecord(start));
  reduce<int>(n, threads, blocks, whichKernel, d_idata, d_odata);
  getLastCudaError("reduction kernel failed");
  // The partial sums, reduced again by the same kernel until one is left.
  int s = blocks;
  while (s > 1) {
    getNumBlocksAndThreads(whichKernel, s, maxBlocks, maxThreads, blocks, threads);
    checkCudaErrors(cudaMemcpy(d_intermediateSums, d_odata, s * sizeof(int), cudaMemcpyDeviceToDevice));
    reduce<int>(s, threads, blocks, whichKernel, d_intermediateSums, d_odata);
    getLastCudaError("reduction kernel failed");
    s = blocks;
  }
  checkCudaErrors(cudaEventRecord(stop));
  checkCudaErrors(cudaEventSynchronize(stop));
  checkCudaErrors(cudaEventElapsedTime(ms, start, stop));

  int gpuSum = 0;
  checkCudaErrors(cudaMemcpy(&gpuSum, d_odata, sizeof(int), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaEventDestroy(start));
  checkCudaErrors(cudaEventDestroy(stop));
  return gpuSum;
}

int main(int argc, char** argv) {
  printf("%s Starting...\n\n", argv[0]);
  findCudaDevice(argc, (const char**)argv);

  int n = 1 << 20;
  int maxThreads = 256;
  int maxBlocks = 64;
  int firstKernel = 0, lastKernel = 6;
  if (checkCmdLineFlag(argc, (const char**)argv, "n")) n = getCmdLineArgumentInt(argc, (const char**)argv, "n");
  if (checkCmdLineFlag(argc, (const char**)argv, "threads"))
    maxThreads = getCmdLineArgumentInt(argc, (const char**)argv, "threads");
  if (checkCmdLineFlag(argc, (const char**)argv, "maxblocks"))
    maxBlocks = getCmdLineArgumentInt(argc, (const char**)argv, "maxblocks");
  if (checkCmdLineFlag(argc, (const char**)argv, "kernel"))
    firstKernel = lastKernel = getCmdLineArgumentInt(argc, (const char**)argv, "kernel");
  if (n < 1 || firstKernel < 0 || lastKernel > 6 || maxThreads < 1 || maxThreads > 1024 ||
      nextPow2(unsigned(maxThreads)) != unsigned(maxThreads) || maxBlocks < 1) {
    fprintf(stderr, "usage: %s [--n=N>0] [--kernel=0..6] [--threads=power of 2 up to 1024] [--maxblocks=B]\n", argv[0]);
    return EXIT_FAILURE;
  }
  printf("%d elements, type int, at most %d threads a block (reduce6: at most %d blocks)\n\n", n, maxThreads,
         maxBlocks);

  // Input: small values so that the sum fits in an int (the check is exact).
  const size_t bytes = size_t(n) * sizeof(int);
  int* h_idata = (int*)malloc(bytes);
  unsigned state = 12345u;
  for (int i = 0; i < n; ++i) h_idata[i] = int((lcg(state) >> 16) & 0xFF);
  long long cpuSum = 0;
  for (int i = 0; i < n; ++i) cpuSum += h_idata[i];

  // The largest first pass (one element a thread) has this many partial sums.
  int blocks = 0, threads = 0;
  getNumBlocksAndThreads(0, n, maxBlocks, maxThreads, blocks, threads);
  int* d_idata = nullptr;
  int* d_odata = nullptr;
  int* d_intermediateSums = nullptr;
  checkCudaErrors(cudaMalloc(&d_idata, bytes));
  checkCudaErrors(cudaMalloc(&d_odata, blocks * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_intermediateSums, blocks * sizeof(int)));
  checkCudaErrors(cudaMemcpy(d_idata, h_idata, bytes, cudaMemcpyHostToDevice));

  bool passed = true;
  for (int whichKernel = firstKernel; whichKernel <= lastKernel; ++whichKernel) {
    float ms = 0;
    const int gpuSum = reduceOnGpu(n, whichKernel, maxThreads, maxBlocks, d_idata, d_odata, d_intermediateSums, &ms);
    const bool ok = (long long)gpuSum == cpuSum;
    passed = passed && ok;
    printf("reduce%d: sum %d, %s (%.3f ms, %.3f GB/s)\n", whichKernel, gpuSum, ok ? "PASSED" : "FAILED", ms,
           ms > 0 ? double(bytes) / (ms * 1.0e6) : 0.0);
  }
  printf("\nCPU sum: %lld\n", cpuSum);

  checkCudaErrors(cudaFree(d_idata));
  checkCudaErrors(cudaFree(d_odata));
  checkCudaErrors(cudaFree(d_intermediateSums));
  free(h_idata);

  printf("%s\n", passed ? "PASSED" : "FAILED");
  return passed ? EXIT_SUCCESS : EXIT_FAILURE;
}
