// A practice site's prefix sum that forgets the blocks before it: each block scans its own
// elements only, so every block past the first is wrong.
// family: scan
#include <cuda_runtime.h>

__global__ void block_scan(const float* input, float* output, int N) {
  __shared__ float s[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < N ? input[i] : 0.0f;
  __syncthreads();
  for (int d = 1; d < blockDim.x; d *= 2) {
    const float add = threadIdx.x >= d ? s[threadIdx.x - d] : 0.0f;
    __syncthreads();
    s[threadIdx.x] += add;
    __syncthreads();
  }
  if (i < N) output[i] = s[threadIdx.x];
}

void solve(const float* input, float* output, int N) {
  block_scan<<<(N + 255) / 256, 256>>>(input, output, N);
}
