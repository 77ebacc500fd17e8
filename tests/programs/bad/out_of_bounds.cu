// A kernel that writes one element past its buffer: the simulator stops it at the line, and the
// program's own check sees the sticky cudaErrorIllegalAddress a GPU gives it.
#include <cstdio>
#include <cstdlib>

__global__ void fill(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = i;  // no bound check: thread n writes past the end
}

int main() {
  int* d = nullptr;
  cudaMalloc(&d, 100 * sizeof(int));
  fill<<<1, 128>>>(d, 100);
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorString(e));
  printf("later: %s\n", cudaGetErrorName(cudaMemset(d, 0, 4)));
  return e == cudaSuccess ? 0 : 3;
}
