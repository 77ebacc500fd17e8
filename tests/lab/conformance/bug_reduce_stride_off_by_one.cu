// BUG: sequential-addressing reduction whose stride starts at blockDim.x instead of blockDim.x / 2: the first step reads s[tid + 256], past the end of the shared array (out of bounds).
// family: reduce
// kernel: reduce_stride_too_big
// run: --block 256
// types: f32 i32
// expect: fault line 15
template <class T>
__global__ void reduce_stride_too_big(const T* in, T* out, unsigned n) {
  __shared__ T s[256];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  s[tid] = i < n ? in[i] : T(0);
  __syncthreads();
  for (unsigned stride = blockDim.x; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}
