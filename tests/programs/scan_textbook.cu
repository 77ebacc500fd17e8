// A textbook's work-efficient (Blelloch) exclusive scan: each block of 256 threads scans 512 ints
// in shared memory (an up-sweep that builds partial sums in a tree, a down-sweep that hands them
// back down), writes its total out, and the totals are scanned the same way and added back.
//   scan_textbook [--n=N]
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>

#include <cstdio>
#include <cstdlib>

#define SCAN_THREADS 256
#define SCAN_ELEMENTS (2 * SCAN_THREADS)  // elements a block scans

// The exclusive scan of in[b*512 .. b*512+512) into out, and that slice's total into blockSums[b].
// blockDim.x is SCAN_THREADS.
#define PADDED(i) ((i) + ((i) >> 5))  // the conflict-free offset: a word skipped every 32

__global__ void blellochScan(const int* in, int* out, int* blockSums, int n) {
  // Padded as the textbook pads it (one word every 32): a tree level's reads fall in distinct banks.
  __shared__ int temp[SCAN_ELEMENTS + SCAN_ELEMENTS / 32];
  const int tid = threadIdx.x;
  const int base = blockIdx.x * SCAN_ELEMENTS;
  const int a = tid, b = tid + SCAN_THREADS;
  temp[PADDED(a)] = (base + a < n) ? in[base + a] : 0;
  temp[PADDED(b)] = (base + b < n) ? in[base + b] : 0;

  // Up-sweep (reduce): after level d, temp[k*2^(d+1) - 1] holds the sum of its 2^(d+1) elements.
  int offset = 1;
  for (int d = SCAN_ELEMENTS / 2; d > 0; d /= 2) {
    __syncthreads();
    if (tid < d) {
      const int ai = PADDED(offset * (2 * tid + 1) - 1);
      const int bi = PADDED(offset * (2 * tid + 2) - 1);
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }

  // The root is the block's total; clearing it starts the down-sweep.
  if (tid == 0) {
    blockSums[blockIdx.x] = temp[PADDED(SCAN_ELEMENTS - 1)];
    temp[PADDED(SCAN_ELEMENTS - 1)] = 0;
  }

  // Down-sweep: each node passes its value to its left child and left + its value to its right.
  for (int d = 1; d < SCAN_ELEMENTS; d *= 2) {
    offset /= 2;
    __syncthreads();
    if (tid < d) {
      const int ai = PADDED(offset * (2 * tid + 1) - 1);
      const int bi = PADDED(offset * (2 * tid + 2) - 1);
      const int left = temp[ai], right = temp[bi];
      temp[ai] = right;
      temp[bi] = right + left;
    }
  }
  __syncthreads();

  if (base + a < n) out[base + a] = temp[PADDED(a)];
  if (base + b < n) out[base + b] = temp[PADDED(b)];
}

// Adds to block b's 512 elements the exclusive scan of the block totals, offsets[b].
__global__ void addBlockOffsets(int* out, const int* offsets, int n) {
  const int base = blockIdx.x * SCAN_ELEMENTS;
  const int offset = offsets[blockIdx.x];
  if (base + threadIdx.x < n) out[base + threadIdx.x] += offset;
  if (base + threadIdx.x + SCAN_THREADS < n) out[base + threadIdx.x + SCAN_THREADS] += offset;
}

// The exclusive scan of d_in[0..n) into d_out: one pass, then (more than one block) the block
// totals scanned by the same function and added back.
static void scanOnGpu(const int* d_in, int* d_out, int n, int level) {
  const int blocks = (n + SCAN_ELEMENTS - 1) / SCAN_ELEMENTS;
  int* d_blockSums = nullptr;
  checkCudaErrors(cudaMalloc(&d_blockSums, blocks * sizeof(int)));
  blellochScan<<<blocks, SCAN_THREADS>>>(d_in, d_out, d_blockSums, n);
  getLastCudaError("blellochScan failed");
  printf("  level %d: blellochScan over %d elements, %d block(s)\n", level, n, blocks);
  if (blocks > 1) {
    int* d_offsets = nullptr;
    checkCudaErrors(cudaMalloc(&d_offsets, blocks * sizeof(int)));
    scanOnGpu(d_blockSums, d_offsets, blocks, level + 1);
    addBlockOffsets<<<blocks, SCAN_THREADS>>>(d_out, d_offsets, n);
    getLastCudaError("addBlockOffsets failed");
    printf("  level %d: addBlockOffsets, %d blocks\n", level, blocks);
    checkCudaErrors(cudaFree(d_offsets));
  }
  checkCudaErrors(cudaFree(d_blockSums));
}

static unsigned lcg(unsigned& state) {
  state = state * 1664525u + 1013904223u;
  return state;
}

int main(int argc, char** argv) {
  printf("%s Starting...\n\n", argv[0]);
  findCudaDevice(argc, (const char**)argv);

  int n = 16384;
  if (checkCmdLineFlag(argc, (const char**)argv, "n")) n = getCmdLineArgumentInt(argc, (const char**)argv, "n");
  if (n < 1 || n > (1 << 24)) {
    fprintf(stderr, "usage: %s [--n=1..16777216]\n", argv[0]);
    return EXIT_FAILURE;
  }
  printf("Exclusive scan of %d ints, %d per block\n", n, SCAN_ELEMENTS);

  const size_t bytes = size_t(n) * sizeof(int);
  int* h_in = (int*)malloc(bytes);
  int* h_out = (int*)malloc(bytes);
  unsigned state = 31u;
  for (int i = 0; i < n; ++i) h_in[i] = int((lcg(state) >> 16) % 16u);

  int* d_in = nullptr;
  int* d_out = nullptr;
  checkCudaErrors(cudaMalloc(&d_in, bytes));
  checkCudaErrors(cudaMalloc(&d_out, bytes));
  checkCudaErrors(cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice));

  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreate(&stop));
  checkCudaErrors(cudaEventRecord(start));
  scanOnGpu(d_in, d_out, n, 0);
  checkCudaErrors(cudaEventRecord(stop));
  checkCudaErrors(cudaEventSynchronize(stop));
  float ms = 0;
  checkCudaErrors(cudaEventElapsedTime(&ms, start, stop));
  checkCudaErrors(cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost));

  // The CPU's exclusive scan.
  int running = 0, mismatches = 0;
  for (int i = 0; i < n; ++i) {
    if (h_out[i] != running && mismatches++ < 5) printf("  element %d: GPU %d, CPU %d\n", i, h_out[i], running);
    running += h_in[i];
  }
  printf("\nScan time: %.3f ms, %d mismatches\n", ms, mismatches);

  checkCudaErrors(cudaEventDestroy(start));
  checkCudaErrors(cudaEventDestroy(stop));
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));
  free(h_in);
  free(h_out);

  const bool passed = mismatches == 0;
  printf("%s\n", passed ? "PASSED" : "FAILED");
  return passed ? EXIT_SUCCESS : EXIT_FAILURE;
}
