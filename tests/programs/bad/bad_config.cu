// A launch of 2048 threads a block: refused as a GPU refuses it, the error the program's next
// cudaGetLastError returns (and only that one: the error is not sticky).
#include <cstdio>

__global__ void nothing(int* p) { p[threadIdx.x] = 0; }

int main(int argc, char** argv) {
  int* d = nullptr;
  cudaMalloc(&d, 4096 * sizeof(int));
  nothing<<<1, 2048>>>(d);
  cudaError_t first = cudaGetLastError();
  cudaError_t second = cudaGetLastError();
  printf("first: %s (%d), second: %s, args %d %s\n", cudaGetErrorName(first), int(first), cudaGetErrorName(second),
         argc, argc > 1 ? argv[1] : "");
  return first == cudaErrorInvalidConfiguration && second == cudaSuccess ? 7 : 1;
}
