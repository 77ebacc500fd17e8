// A matrix transpose on a 2-D grid of 2-D blocks (in the style of the CUDA samples' "transpose"):
// first the naive kernel (coalesced reads, strided writes), then the tiled one, which goes
// through a 32x33 shared tile so that both reads and writes are coalesced, without bank conflicts.
//   transpose [--width=W] [--height=H]   (multiples of 32)
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>

#include <cstdio>
#include <cstdlib>

#define TILE_DIM 32
#define BLOCK_ROWS 8  // a block is TILE_DIM x BLOCK_ROWS threads: each thread moves 4 rows of a tile

// odata (width rows of height) = the transpose of idata (height rows of width).
__global__ void transposeNaive(float* odata, const float* idata, int width, int height) {
  const int x = blockIdx.x * TILE_DIM + threadIdx.x;
  const int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) odata[x * height + (y + j)] = idata[(y + j) * width + x];
}

// The tile is read in rows and written out in columns; the extra column puts the words of a
// column in 32 different banks.
__global__ void transposeTiled(float* odata, const float* idata, int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;  // the block's tile, transposed
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

static unsigned lcg(unsigned& state) {
  state = state * 1664525u + 1013904223u;
  return state;
}

// The number of elements of gpu that differ from the transpose of in (exact: only copies).
static int compareTranspose(const float* in, const float* gpu, int width, int height, const char* name) {
  int mismatches = 0;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      if (gpu[x * height + y] != in[y * width + x] && mismatches++ < 5)
        printf("  %s: out[%d][%d] = %g, expected %g\n", name, x, y, gpu[x * height + y], in[y * width + x]);
  return mismatches;
}

int main(int argc, char** argv) {
  printf("%s Starting...\n\n", argv[0]);
  findCudaDevice(argc, (const char**)argv);

  int width = 1024, height = 1024;
  if (checkCmdLineFlag(argc, (const char**)argv, "width")) width = getCmdLineArgumentInt(argc, (const char**)argv, "width");
  if (checkCmdLineFlag(argc, (const char**)argv, "height"))
    height = getCmdLineArgumentInt(argc, (const char**)argv, "height");
  if (width < TILE_DIM || height < TILE_DIM || width % TILE_DIM || height % TILE_DIM) {
    fprintf(stderr, "usage: %s [--width=W] [--height=H]: multiples of %d\n", argv[0], TILE_DIM);
    return EXIT_FAILURE;
  }
  dim3 grid(width / TILE_DIM, height / TILE_DIM);
  dim3 threads(TILE_DIM, BLOCK_ROWS);
  printf("Matrix %d x %d (width x height), grid %d x %d, blocks %d x %d\n\n", width, height, grid.x, grid.y,
         threads.x, threads.y);

  const size_t count = size_t(width) * height;
  const size_t bytes = count * sizeof(float);
  float* h_idata = (float*)malloc(bytes);
  float* h_odata = (float*)malloc(bytes);
  unsigned state = 5u;
  for (size_t i = 0; i < count; ++i) h_idata[i] = float(lcg(state) >> 8) / 65536.0f;

  float* d_idata = nullptr;
  float* d_odata = nullptr;
  checkCudaErrors(cudaMalloc(&d_idata, bytes));
  checkCudaErrors(cudaMalloc(&d_odata, bytes));
  checkCudaErrors(cudaMemcpy(d_idata, h_idata, bytes, cudaMemcpyHostToDevice));

  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreate(&stop));
  bool passed = true;
  for (int kernel = 0; kernel < 2; ++kernel) {
    const char* name = kernel == 0 ? "transposeNaive" : "transposeTiled";
    checkCudaErrors(cudaMemset(d_odata, 0, bytes));
    checkCudaErrors(cudaEventRecord(start));
    if (kernel == 0) {
      transposeNaive<<<grid, threads>>>(d_odata, d_idata, width, height);
    } else {
      transposeTiled<<<grid, threads>>>(d_odata, d_idata, width, height);
    }
    getLastCudaError("transpose kernel failed");
    checkCudaErrors(cudaEventRecord(stop));
    checkCudaErrors(cudaEventSynchronize(stop));
    float ms = 0;
    checkCudaErrors(cudaEventElapsedTime(&ms, start, stop));
    checkCudaErrors(cudaMemcpy(h_odata, d_odata, bytes, cudaMemcpyDeviceToHost));
    const int mismatches = compareTranspose(h_idata, h_odata, width, height, name);
    passed = passed && mismatches == 0;
    printf("%-16s %.3f ms, %.3f GB/s, %s\n", name, ms, ms > 0 ? 2.0 * bytes / (ms * 1.0e6) : 0.0,
           mismatches ? "FAILED" : "PASSED");
  }

  checkCudaErrors(cudaEventDestroy(start));
  checkCudaErrors(cudaEventDestroy(stop));
  checkCudaErrors(cudaFree(d_idata));
  checkCudaErrors(cudaFree(d_odata));
  free(h_idata);
  free(h_odata);

  printf("%s\n", passed ? "PASSED" : "FAILED");
  return passed ? EXIT_SUCCESS : EXIT_FAILURE;
}
