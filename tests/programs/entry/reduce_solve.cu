// A practice site's reduction: solve() gets device pointers and launches the kernels itself, a
// block's partial sum each, then one block over the partials.
// family: reduce
#include <cuda_runtime.h>

__global__ void partial_sums(const float* input, float* partial, int N) {
  extern __shared__ float s[];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < N ? input[i] : 0.0f;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

__global__ void final_sum(const float* partial, float* output, int count) {
  extern __shared__ float s[];
  float sum = 0.0f;
  for (int i = threadIdx.x; i < count; i += blockDim.x) sum += partial[i];
  s[threadIdx.x] = sum;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) *output = s[0];
}

void solve(const float* input, float* output, int N) {
  const int threads = 256, blocks = (N + threads - 1) / threads;
  float* partial = nullptr;
  cudaMalloc(&partial, blocks * sizeof(float));
  partial_sums<<<blocks, threads, threads * sizeof(float)>>>(input, partial, N);
  final_sum<<<1, threads, threads * sizeof(float)>>>(partial, output, blocks);
  cudaDeviceSynchronize();
  cudaFree(partial);
}
