// BUG: shared-memory reduction that loads in[i] without the i < n guard: when n is not a multiple of the block, the last block reads past the end of the input (out of bounds).
// family: reduce
// kernel: reduce_unguarded
// run: --block 256
// types: f32 i32
// sizes: 4001
// expect: fault line 13
template <class T>
__global__ void reduce_unguarded(const T* in, T* out, unsigned n) {
  __shared__ T s[256];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  s[tid] = in[i];  // no i < n
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}
