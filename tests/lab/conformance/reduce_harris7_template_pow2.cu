// Harris step 7 as NVIDIA's samples template it: template <class T, unsigned blockSize, bool nIsPow2>, the second load of each pair skipped only when n may not be a power of two, a grid-stride loop, then an unrolled tree finished by __shfl_down_sync.
// family: reduce
// kernel: harris7_pow2
// run: --block 256 --param grid=3 --template nIsPow2=false
// types: f32 i32
// expect: ok
template <class T, unsigned blockSize, bool nIsPow2>
__global__ void harris7_pow2(const T* in, T* out, unsigned n) {
  __shared__ T s[blockSize];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockSize * 2 + tid;
  unsigned gridSize = blockSize * 2 * gridDim.x;
  T sum = 0;
  while (i < n) {
    sum += in[i];
    if (nIsPow2 || i + blockSize < n) sum += in[i + blockSize];
    i += gridSize;
  }
  s[tid] = sum;
  __syncthreads();
#pragma unroll
  for (unsigned half = blockSize / 2; half >= 64; half >>= 1) {
    if (tid < half) s[tid] = sum = sum + s[tid + half];
    __syncthreads();
  }
  if (tid < 32) {
    if (blockSize >= 64) sum += s[tid + 32];
#pragma unroll
    for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
  }
  if (tid == 0) out[blockIdx.x] = sum;
}
