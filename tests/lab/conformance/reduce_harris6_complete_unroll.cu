// Harris step 6, completely unrolled with the block size as a template parameter (template <class T, unsigned blockSize>); the last warp finishes in registers with __shfl_down_sync.
// family: reduce
// kernel: harris6
// run: --block 256 --param items=2
// types: f32 i32
// expect: ok
template <class T, unsigned blockSize>
__global__ void harris6(const T* in, T* out, unsigned n) {
  __shared__ T s[blockSize];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (2 * blockSize) + tid;
  T v = i < n ? in[i] : T(0);
  if (i + blockSize < n) v += in[i + blockSize];
  s[tid] = v;
  __syncthreads();
  if (blockSize >= 1024) { if (tid < 512) s[tid] = v = v + s[tid + 512]; __syncthreads(); }
  if (blockSize >= 512)  { if (tid < 256) s[tid] = v = v + s[tid + 256]; __syncthreads(); }
  if (blockSize >= 256)  { if (tid < 128) s[tid] = v = v + s[tid + 128]; __syncthreads(); }
  if (blockSize >= 128)  { if (tid < 64)  s[tid] = v = v + s[tid + 64];  __syncthreads(); }
  if (tid < 32) {
    if (blockSize >= 64) v += s[tid + 32];
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffffu, v, offset);
  }
  if (tid == 0) out[blockIdx.x] = v;
}
