// A practice site's histogram: int input, num_bins bins, solve() launches one kernel.
// family: histogram
#include <cuda_runtime.h>

__global__ void count(const int* input, int* histogram, int N, int num_bins) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  const int v = input[i];
  if (v >= 0 && v < num_bins) atomicAdd(&histogram[v], 1);
}

void solve(const int* input, int* histogram, int N, int num_bins) {
  count<<<(N + 255) / 256, 256>>>(input, histogram, N, num_bins);
}
