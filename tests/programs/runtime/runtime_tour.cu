// The simulator's CUDA runtime, call by call, as a course's program uses it: device properties of
// the GPU named (--gpu), __constant__ and __device__ symbols, cudaLaunchKernel, a 3-D grid,
// managed memory, streams and events, function attributes and the occupancy calculator. Prints
// what it saw and exits 0 when every call did what a GPU's runtime does.
#include <cstdio>

__constant__ int scale[4];
__device__ int total;

__global__ void scaled(const int* in, int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = in[i] * scale[i % 4];
    atomicAdd(&total, out[i]);
  }
}

// Each thread writes its linear block and thread index: x fastest, as a GPU numbers them.
__global__ void where(int* out) {
  const int block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  const int thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  out[block * blockDim.x * blockDim.y * blockDim.z + thread] = block * 1000 + thread;
}

int main() {
  int failures = 0;
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("device: %s, %d SMs, cc %d.%d, %d threads a block\n", prop.name, prop.multiProcessorCount, prop.major,
         prop.minor, prop.maxThreadsPerBlock);

  const int n = 1000, factors[4] = {1, 2, 3, 4};
  int host[n], out[n];
  for (int i = 0; i < n; ++i) host[i] = i;
  int *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMemcpy(d_in, host, sizeof host, cudaMemcpyHostToDevice);
  cudaMemcpyToSymbol(scale, factors, sizeof factors);
  const int zero = 0;
  cudaMemcpyToSymbol(total, &zero, sizeof zero);

  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start, stream);
  int count = n;
  void* args[] = {&d_in, &d_out, &count};
  if (cudaLaunchKernel(scaled, dim3((n + 127) / 128), dim3(128), args, 0, stream) != cudaSuccess) ++failures;
  cudaEventRecord(stop, stream);
  cudaEventSynchronize(stop);
  float ms = -1;
  cudaEventElapsedTime(&ms, start, stop);
  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  long long expected = 0;
  for (int i = 0; i < n; ++i) {
    if (out[i] != i * factors[i % 4]) ++failures;
    expected += out[i];
  }
  int sum = 0;
  cudaMemcpyFromSymbol(&sum, total, sizeof sum);
  printf("cudaLaunchKernel: %s, total %d of %lld, elapsed %s\n", failures ? "wrong" : "right", sum, expected,
         ms >= 0 ? "measured" : "missing");
  if (sum != expected || ms < 0) ++failures;

  int* cells = nullptr;
  const dim3 grid(2, 3, 2), block(4, 2, 2);
  const int total_cells = 12 * 16;
  cudaMallocManaged(&cells, total_cells * sizeof(int));
  where<<<grid, block>>>(cells);
  cudaDeviceSynchronize();
  int wrong = 0;
  for (int b = 0; b < 12; ++b)
    for (int t = 0; t < 16; ++t) wrong += cells[b * 16 + t] != b * 1000 + t;
  printf("3-D grid of 3-D blocks, managed memory: %d cells wrong\n", wrong);
  failures += wrong;

  cudaFuncAttributes attributes;
  cudaFuncGetAttributes(&attributes, scaled);
  int blocks = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, scaled, 256, 0);
  printf("attributes: %d threads a block at most; occupancy: %d blocks of 256 an SM\n", attributes.maxThreadsPerBlock,
         blocks);
  if (blocks != prop.maxThreadsPerMultiProcessor / 256) ++failures;

  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(cells);
  cudaStreamDestroy(stream);
  printf("%s\n", failures ? "FAILED" : "PASSED");
  return failures ? 1 : 0;
}
