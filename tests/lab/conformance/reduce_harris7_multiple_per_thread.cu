// Harris step 7, multiple elements per thread: a fixed grid strides over the input two block-widths at a time, then the completely unrolled tree of step 6 (template <class T, unsigned blockSize>).
// family: reduce
// kernel: harris7
// run: --block 128 --param grid=4
// types: f32 i32
// expect: ok
template <class T, unsigned blockSize>
__device__ void warp_tail(volatile T* s, unsigned tid) {
  // each lane reads, all lanes wait, each lane writes: safe without lockstep
  for (unsigned offset = 32; offset > 0; offset >>= 1) {
    if (blockSize >= 2 * offset) {
      T v = s[tid] + s[tid + offset];
      __syncwarp();
      s[tid] = v;
      __syncwarp();
    }
  }
}

template <class T, unsigned blockSize>
__global__ void harris7(const T* in, T* out, unsigned n) {
  __shared__ T s[blockSize];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (2 * blockSize) + tid;
  unsigned gridSize = 2 * blockSize * gridDim.x;
  T sum = 0;
  while (i < n) {
    sum += in[i];
    if (i + blockSize < n) sum += in[i + blockSize];
    i += gridSize;
  }
  s[tid] = sum;
  __syncthreads();
  if (blockSize >= 512) { if (tid < 256) s[tid] += s[tid + 256]; __syncthreads(); }
  if (blockSize >= 256) { if (tid < 128) s[tid] += s[tid + 128]; __syncthreads(); }
  if (blockSize >= 128) { if (tid < 64) s[tid] += s[tid + 64]; __syncthreads(); }
  if (tid < 32) warp_tail<T, blockSize>(s, tid);
  if (tid == 0) out[blockIdx.x] = s[0];
}
