// Does not compile: clang's message names line 6.
__global__ void broken(int* p) { p[threadIdx.x] = 0; }

int main() {
  int* d;
  cudaMalloc(&d, 4) oops;
  return 0;
}
