// A practice site's row softmax: solve(input, output, rows, cols), a block a row, the row's max
// and sum reduced in shared memory.
// family: rows
#include <cuda_runtime.h>

__global__ void softmax_rows(const float* input, float* output, int rows, int cols) {
  __shared__ float s[256];
  const int row = blockIdx.x;
  const float* in = input + (size_t)row * cols;
  float m = -INFINITY;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, in[c]);
  s[threadIdx.x] = m;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] = fmaxf(s[threadIdx.x], s[threadIdx.x + stride]);
    __syncthreads();
  }
  const float row_max = s[0];
  __syncthreads();
  float sum = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) sum += expf(in[c] - row_max);
  s[threadIdx.x] = sum;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  const float total = s[0];
  for (int c = threadIdx.x; c < cols; c += blockDim.x) output[(size_t)row * cols + c] = expf(in[c] - row_max) / total;
}

void solve(const float* input, float* output, int rows, int cols) {
  softmax_rows<<<rows, 256>>>(input, output, rows, cols);
}
