// Kogge-Stone inclusive scan in place in one shared array: each step reads into a temporary, waits at a barrier, then writes, and waits again (two barriers a step).
// family: scan
// kernel: scan_kogge_stone
// run: --block 1024
// types: f32 i32
// expect: ok
#define SECTION_SIZE 1024

template <class T>
__global__ void scan_kogge_stone(const T* X, T* Y, unsigned n) {
  __shared__ T XY[SECTION_SIZE];
  unsigned i = threadIdx.x;
  XY[i] = i < n ? X[i] : T(0);
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    T temp;
    if (threadIdx.x >= stride) temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
    __syncthreads();
    if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
  }
  if (i < n) Y[i] = XY[threadIdx.x];
}
