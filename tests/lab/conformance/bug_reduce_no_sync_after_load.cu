// BUG: sequential-addressing reduction that forgets the __syncthreads() after loading shared memory, so the first step reads slots other warps have not stored yet (a race).
// family: reduce
// kernel: reduce_no_sync_after_load
// run: --block 256
// types: f32 i32
// expect: race line 15
template <class T>
__global__ void reduce_no_sync_after_load(const T* in, T* out, unsigned n) {
  __shared__ T s[256];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  s[tid] = i < n ? in[i] : T(0);
  // missing: __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}
