// The row softmax a course writes first: one block a row; the row's max, then the sum of
// exp(x - max), each a shared-memory tree; then every thread writes its share of the row.
#include <cmath>

__global__ void softmax_rows(const float* in, float* out, int rows, int cols) {
  extern __shared__ float scratch[];  // blockDim.x floats
  const float* x = in + (size_t)blockIdx.x * cols;
  float* y = out + (size_t)blockIdx.x * cols;
  unsigned tid = threadIdx.x;

  float m = -INFINITY;
  for (int c = tid; c < cols; c += blockDim.x) m = fmaxf(m, x[c]);
  scratch[tid] = m;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) scratch[tid] = fmaxf(scratch[tid], scratch[tid + s]);
    __syncthreads();
  }
  m = scratch[0];
  __syncthreads();

  float sum = 0.0f;
  for (int c = tid; c < cols; c += blockDim.x) sum += expf(x[c] - m);
  scratch[tid] = sum;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) scratch[tid] += scratch[tid + s];
    __syncthreads();
  }
  sum = scratch[0];

  for (int c = tid; c < cols; c += blockDim.x) y[c] = expf(x[c] - m) / sum;
}
