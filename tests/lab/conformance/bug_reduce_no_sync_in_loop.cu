// BUG: sequential-addressing reduction with no __syncthreads() inside the loop: a step reads partial sums the previous step has not finished writing (a race).
// family: reduce
// kernel: reduce_no_sync_in_loop
// run: --block 256
// types: f32 i32
// expect: race line 16
template <class T>
__global__ void reduce_no_sync_in_loop(const T* in, T* out, unsigned n) {
  extern __shared__ unsigned char bytes[];
  T* s = (T*)bytes;
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  s[tid] = i < n ? in[i] : T(0);
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    // missing: __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}
