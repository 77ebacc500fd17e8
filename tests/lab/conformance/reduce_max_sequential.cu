// Max reduction with sequential addressing (--op max): out-of-range threads load the lowest value of the type, each step keeps max() of two shared slots.
// family: reduce
// kernel: reduce_max
// run: --block 256 --op max
// types: f32 i32
// expect: ok
__device__ inline float lowest_value(float) { return -3.402823466e+38f; }
__device__ inline int lowest_value(int) { return -2147483647 - 1; }

template <class T>
__global__ void reduce_max(const T* in, T* out, unsigned n) {
  __shared__ T s[256];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  s[tid] = i < n ? in[i] : lowest_value(T());
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] = max(s[tid], s[tid + stride]);
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}
