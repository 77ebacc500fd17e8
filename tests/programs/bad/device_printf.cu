// Device printf reaches stdout at the launch's end, block by block, thread by thread; stdin
// reaches the program.
#include <cstdio>

__global__ void hello(int k) { printf("block %d thread %d says %d\n", blockIdx.x, threadIdx.x, k); }

int main() {
  int k = 0;
  if (scanf("%d", &k) != 1) return 5;
  hello<<<2, 2>>>(k);
  cudaDeviceSynchronize();
  printf("host after %d\n", k);
  return 0;
}
