// BUG: Harris step 4 (first add during load) that guards the first element but not the second, in[i + blockDim.x]: the last block reads past the end of the input (out of bounds).
// family: reduce
// kernel: reduce_first_add_unguarded
// run: --block 256 --param items=2
// types: f32 i32
// sizes: 4001
// expect: fault line 14
template <class T>
__global__ void reduce_first_add_unguarded(const T* in, T* out, unsigned n) {
  extern __shared__ unsigned char bytes[];
  T* s = (T*)bytes;
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (2 * blockDim.x) + tid;
  s[tid] = i < n ? in[i] + in[i + blockDim.x] : T(0);  // the second element is not checked
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}
