// Kogge-Stone inclusive scan of one section, double-buffered: each step reads one static shared buffer and writes the other, then the two pointers swap, one barrier a step.
// family: scan
// kernel: scan_kogge_stone_db
// run: --block 1024
// types: f32 i32
// expect: ok
#define SECTION_SIZE 1024

template <class T>
__global__ void scan_kogge_stone_db(const T* X, T* Y, unsigned n) {
  __shared__ T buf_a[SECTION_SIZE];
  __shared__ T buf_b[SECTION_SIZE];
  T* src = buf_a;
  T* dst = buf_b;
  unsigned t = threadIdx.x;
  src[t] = t < n ? X[t] : T(0);
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    dst[t] = t >= stride ? src[t] + src[t - stride] : src[t];
    __syncthreads();
    T* swap = src;
    src = dst;
    dst = swap;
  }
  if (t < n) Y[t] = src[t];
}
