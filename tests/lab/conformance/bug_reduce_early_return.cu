// BUG: a reduction that returns early for threads past the end (if (i >= n) return;) and then calls __syncthreads(): in the last block not every thread reaches the barrier.
// family: reduce
// kernel: reduce_early_return
// run: --block 256
// types: f32 i32
// sizes: 4001
// expect: fault line 15
template <class T>
__global__ void reduce_early_return(const T* in, T* out, unsigned n) {
  __shared__ T s[256];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  if (i >= n) return;
  s[tid] = in[i];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride && i + stride < n) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}
