// A program that times its own kernel, for the tracer's overhead (docs/gpu-results.md): a warp-
// shuffle reduction over n floats, launched `runs` times, each launch timed with CUDA events.
// Under `warplens-cli record --launch K`, launch K is the recorded one; the rest run patched
// but not recording. Prints each launch's time in ms.
// Build: nvcc -O3 -arch=sm_90 -lineinfo -o reduce_timed tools/record/reduce_timed.cu
#include <cstdio>
#include <cstdlib>

__global__ void reduce_shfl(const float* in, float* out, int n) {
  __shared__ float warp_sums[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < blockDim.x / 32 ? warp_sums[threadIdx.x] : 0.0f;
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
    if (threadIdx.x == 0) out[blockIdx.x] = v;
  }
}

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20, runs = argc > 2 ? std::atoi(argv[2]) : 11;
  if (n <= 0 || runs <= 0) {
    std::fprintf(stderr, "usage: reduce_timed [N > 0] [RUNS > 0]\n");
    return 2;
  }
  const int block = 256, grid = (n + block - 1) / block;
  float *in = nullptr, *out = nullptr;
  if (cudaMalloc(&in, sizeof(float) * n) != cudaSuccess || cudaMalloc(&out, sizeof(float) * grid) != cudaSuccess) {
    std::fprintf(stderr, "reduce_timed: no GPU memory for %d floats\n", n);
    return 1;
  }
  cudaMemset(in, 0, sizeof(float) * n);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  for (int r = 0; r < runs; ++r) {
    cudaEventRecord(start);
    reduce_shfl<<<grid, block>>>(in, out, n);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    std::printf("launch %d: %.4f ms\n", r, ms);
  }
  const cudaError_t err = cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  if (err != cudaSuccess) std::fprintf(stderr, "reduce_timed: %s\n", cudaGetErrorString(err));
  return err == cudaSuccess ? 0 : 1;
}
