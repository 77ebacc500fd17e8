// An inclusive prefix sum with warp shuffles (in the style of the CUDA samples' "shfl_scan"): blocks
// of 256 scan their elements with __shfl_up_sync, one block scans the blocks' totals, and
// uniform_add adds each block's offset.
//   shfl_scan [--n=N]
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>

#include <cstdio>
#include <cstdlib>

static const int kBlock = 256;

// The inclusive scan of `value` across the block: each warp scans its lanes with shuffles, warp 0
// scans the warps' totals (warpTotals, one word a warp), and each warp adds the totals before it.
// Every thread of the block calls it; blockDim.x is a multiple of 32.
__device__ int blockInclusiveScan(int value, int* warpTotals) {
  const int lane = threadIdx.x % warpSize;
  const int warp = threadIdx.x / warpSize;
  const int warps = blockDim.x / warpSize;
  for (int i = 1; i < warpSize; i *= 2) {
    const int up = __shfl_up_sync(0xffffffffu, value, i);
    if (lane >= i) value += up;
  }
  if (lane == warpSize - 1) warpTotals[warp] = value;
  __syncthreads();
  if (warp == 0) {
    int total = lane < warps ? warpTotals[lane] : 0;
    for (int i = 1; i < warpSize; i *= 2) {
      const int up = __shfl_up_sync(0xffffffffu, total, i);
      if (lane >= i) total += up;
    }
    if (lane < warps) warpTotals[lane] = total;
  }
  __syncthreads();
  if (warp > 0) value += warpTotals[warp - 1];
  return value;
}

// Each block scans its blockDim.x elements; the block's total goes to blockSums[blockIdx.x].
__global__ void shfl_scan_test(const int* data, int* out, int* blockSums, int n) {
  __shared__ int sums[32];
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  const int value = blockInclusiveScan(id < n ? data[id] : 0, sums);
  if (id < n) out[id] = value;
  if (threadIdx.x == blockDim.x - 1) blockSums[blockIdx.x] = value;
}

// One block scans the `count` block totals in place, blockDim.x at a time, carrying the running sum.
__global__ void scan_block_sums(int* blockSums, int count) {
  __shared__ int sums[32];
  __shared__ int carry;
  if (threadIdx.x == 0) carry = 0;
  for (int base = 0; base < count; base += blockDim.x) {
    const int id = base + threadIdx.x;
    int value = blockInclusiveScan(id < count ? blockSums[id] : 0, sums);
    value += carry;
    if (id < count) blockSums[id] = value;
    __syncthreads();  // everyone has read carry and sums
    if (threadIdx.x == blockDim.x - 1) carry = value;
    __syncthreads();
  }
}

// Adds to every element of block b > 0 the scanned total of the blocks before it.
__global__ void uniform_add(int* data, const int* scannedBlockSums, int n) {
  __shared__ int offset;
  if (blockIdx.x == 0) return;
  if (threadIdx.x == 0) offset = scannedBlockSums[blockIdx.x - 1];
  __syncthreads();
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id < n) data[id] += offset;
}

static unsigned lcg(unsigned& state) {
  state = state * 1664525u + 1013904223u;
  return state;
}

int main(int argc, char** argv) {
  printf("%s Starting...\n\n", argv[0]);
  findCudaDevice(argc, (const char**)argv);

  int n = 65536;
  if (checkCmdLineFlag(argc, (const char**)argv, "n")) n = getCmdLineArgumentInt(argc, (const char**)argv, "n");
  if (n < 1 || n > (1 << 24)) {
    fprintf(stderr, "usage: %s [--n=1..16777216]\n", argv[0]);
    return EXIT_FAILURE;
  }
  const int blocks = (n + kBlock - 1) / kBlock;
  printf("Scan of %d ints: %d blocks of %d threads\n\n", n, blocks, kBlock);

  const size_t bytes = size_t(n) * sizeof(int);
  int* h_data = (int*)malloc(bytes);
  int* h_result = (int*)malloc(bytes);
  unsigned state = 7u;
  for (int i = 0; i < n; ++i) h_data[i] = int((lcg(state) >> 16) % 10u);

  int* d_data = nullptr;
  int* d_out = nullptr;
  int* d_blockSums = nullptr;
  checkCudaErrors(cudaMalloc(&d_data, bytes));
  checkCudaErrors(cudaMalloc(&d_out, bytes));
  checkCudaErrors(cudaMalloc(&d_blockSums, blocks * sizeof(int)));
  checkCudaErrors(cudaMemcpy(d_data, h_data, bytes, cudaMemcpyHostToDevice));

  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreate(&stop));
  checkCudaErrors(cudaEventRecord(start));
  shfl_scan_test<<<blocks, kBlock>>>(d_data, d_out, d_blockSums, n);
  getLastCudaError("shfl_scan_test failed");
  scan_block_sums<<<1, kBlock>>>(d_blockSums, blocks);
  getLastCudaError("scan_block_sums failed");
  uniform_add<<<blocks, kBlock>>>(d_out, d_blockSums, n);
  getLastCudaError("uniform_add failed");
  checkCudaErrors(cudaEventRecord(stop));
  checkCudaErrors(cudaEventSynchronize(stop));
  float ms = 0;
  checkCudaErrors(cudaEventElapsedTime(&ms, start, stop));
  checkCudaErrors(cudaMemcpy(h_result, d_out, bytes, cudaMemcpyDeviceToHost));

  // The CPU's inclusive scan.
  int running = 0, mismatches = 0;
  for (int i = 0; i < n; ++i) {
    running += h_data[i];
    if (h_result[i] != running && mismatches++ < 5) printf("  element %d: GPU %d, CPU %d\n", i, h_result[i], running);
  }
  printf("Scan time: %.3f ms (%.3f MElements/s)\n", ms, ms > 0 ? n / (ms * 1.0e3) : 0.0);
  printf("Last element: GPU %d, CPU %d, %d mismatches\n", h_result[n - 1], running, mismatches);

  checkCudaErrors(cudaEventDestroy(start));
  checkCudaErrors(cudaEventDestroy(stop));
  checkCudaErrors(cudaFree(d_data));
  checkCudaErrors(cudaFree(d_out));
  checkCudaErrors(cudaFree(d_blockSums));
  free(h_data);
  free(h_result);

  const bool passed = mismatches == 0;
  printf("%s\n", passed ? "PASSED" : "FAILED");
  return passed ? EXIT_SUCCESS : EXIT_FAILURE;
}
