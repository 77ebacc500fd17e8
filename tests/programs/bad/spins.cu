// The host loops forever: stopped at --time-limit, with a sentence, the recorded launch kept.
#include <cstdio>

__global__ void once(int* p) { p[threadIdx.x] = threadIdx.x; }

int main() {
  int* d;
  cudaMalloc(&d, 32 * sizeof(int));
  once<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  printf("launched\n");
  fflush(stdout);
  volatile int forever = 1;
  while (forever) {
  }
  return 0;
}
