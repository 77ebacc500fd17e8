// A 256-bin histogram of bytes (in the style of the CUDA samples' "histogram256"): each block counts
// into its own shared histogram with shared-memory atomics over a grid-stride loop of 32-bit words,
// then adds it into the global histogram with global atomics.
//   histogram [--n=BYTES] [--blocks=B]
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#define BIN_COUNT 256

__global__ void histogram256Kernel(unsigned* d_Histogram, const unsigned* d_Data, unsigned byteCount) {
  __shared__ unsigned s_hist[BIN_COUNT];
  for (unsigned bin = threadIdx.x; bin < BIN_COUNT; bin += blockDim.x) s_hist[bin] = 0;
  __syncthreads();

  // Four bytes a load; the last byteCount % 4 bytes, one at a time, by the grid's first thread.
  const unsigned wordCount = byteCount / 4;
  const unsigned stride = blockDim.x * gridDim.x;
  for (unsigned pos = blockIdx.x * blockDim.x + threadIdx.x; pos < wordCount; pos += stride) {
    const unsigned word = d_Data[pos];
    // One line for the four bytes: nvcc schedules the unrolled atomics across lines otherwise.
    for (int k = 0; k < 4; ++k) atomicAdd(&s_hist[(word >> (8 * k)) & 0xFFu], 1u);
  }
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    const unsigned char* tail = reinterpret_cast<const unsigned char*>(d_Data);
    for (unsigned pos = wordCount * 4; pos < byteCount; ++pos) atomicAdd(&s_hist[tail[pos]], 1u);
  }
  __syncthreads();

  // The block's counts into the global histogram.
  for (unsigned bin = threadIdx.x; bin < BIN_COUNT; bin += blockDim.x) {
    const unsigned count = s_hist[bin];
    if (count) atomicAdd(&d_Histogram[bin], count);
  }
}

static unsigned lcg(unsigned& state) {
  state = state * 1664525u + 1013904223u;
  return state;
}

int main(int argc, char** argv) {
  printf("%s Starting...\n\n", argv[0]);
  findCudaDevice(argc, (const char**)argv);

  int byteCount = 1 << 20;
  int blocks = 64;
  const int threads = 256;
  if (checkCmdLineFlag(argc, (const char**)argv, "n")) byteCount = getCmdLineArgumentInt(argc, (const char**)argv, "n");
  if (checkCmdLineFlag(argc, (const char**)argv, "blocks")) blocks = getCmdLineArgumentInt(argc, (const char**)argv, "blocks");
  if (byteCount < 1 || blocks < 1) {
    fprintf(stderr, "usage: %s [--n=BYTES>0] [--blocks=B>0]\n", argv[0]);
    return EXIT_FAILURE;
  }
  printf("%d bytes, %d blocks of %d threads\n\n", byteCount, blocks, threads);

  // Skewed data (the sum of two bytes' tops): some bins far fuller than others, as real data.
  unsigned char* h_Data = (unsigned char*)malloc(byteCount);
  unsigned state = 99u;
  for (int i = 0; i < byteCount; ++i) {
    const unsigned a = lcg(state) >> 25, b = lcg(state) >> 25;  // 0..127 each
    h_Data[i] = (unsigned char)(a + b);
  }
  unsigned cpuHistogram[BIN_COUNT];
  memset(cpuHistogram, 0, sizeof cpuHistogram);
  for (int i = 0; i < byteCount; ++i) cpuHistogram[h_Data[i]]++;

  // Whole words for the device copy: the kernel reads 32-bit words.
  const size_t paddedBytes = (size_t(byteCount) + 3) / 4 * 4;
  unsigned* d_Data = nullptr;
  unsigned* d_Histogram = nullptr;
  checkCudaErrors(cudaMalloc(&d_Data, paddedBytes));
  checkCudaErrors(cudaMalloc(&d_Histogram, BIN_COUNT * sizeof(unsigned)));
  checkCudaErrors(cudaMemcpy(d_Data, h_Data, byteCount, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemset(d_Histogram, 0, BIN_COUNT * sizeof(unsigned)));

  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreate(&stop));
  checkCudaErrors(cudaEventRecord(start));
  histogram256Kernel<<<blocks, threads>>>(d_Histogram, d_Data, byteCount);
  getLastCudaError("histogram256Kernel failed");
  checkCudaErrors(cudaEventRecord(stop));
  checkCudaErrors(cudaEventSynchronize(stop));
  float ms = 0;
  checkCudaErrors(cudaEventElapsedTime(&ms, start, stop));

  unsigned gpuHistogram[BIN_COUNT];
  checkCudaErrors(cudaMemcpy(gpuHistogram, d_Histogram, sizeof gpuHistogram, cudaMemcpyDeviceToHost));
  int mismatches = 0;
  for (int bin = 0; bin < BIN_COUNT; ++bin)
    if (gpuHistogram[bin] != cpuHistogram[bin] && mismatches++ < 5)
      printf("  bin %d: GPU %u, CPU %u\n", bin, gpuHistogram[bin], cpuHistogram[bin]);
  printf("histogram256Kernel: %.3f ms (%.3f MB/s), %d bins differ\n", ms,
         ms > 0 ? byteCount / (ms * 1.0e3) : 0.0, mismatches);

  checkCudaErrors(cudaEventDestroy(start));
  checkCudaErrors(cudaEventDestroy(stop));
  checkCudaErrors(cudaFree(d_Data));
  checkCudaErrors(cudaFree(d_Histogram));
  free(h_Data);

  const bool passed = mismatches == 0;
  printf("%s\n", passed ? "PASSED" : "FAILED");
  return passed ? EXIT_SUCCESS : EXIT_FAILURE;
}
