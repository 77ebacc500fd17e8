// A host array passed to a kernel: a GPU faults on it (an illegal address); so does the simulator,
// at the kernel's line, and the program's own check sees cudaErrorIllegalAddress.
#include <cstdio>

__global__ void twice(int* data) { data[threadIdx.x] *= 2; }

int main() {
  int host[32] = {0};
  twice<<<1, 32>>>(host);
  const cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorName(e));
  return e == cudaErrorIllegalAddress ? 0 : 1;
}
