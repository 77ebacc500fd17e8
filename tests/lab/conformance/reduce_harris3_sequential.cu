// Harris step 3, sequential addressing: the stride starts at half the block and halves, threads tid < stride add s[tid + stride] (conflict-free, no divergence above warp size).
// family: reduce
// kernel: harris3
// run: --block 512
// types: f32 i32
// expect: ok
template <class T>
__global__ void harris3(const T* in, T* out, unsigned n) {
  extern __shared__ unsigned char bytes[];
  T* s = (T*)bytes;
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  s[tid] = i < n ? in[i] : T(0);
  __syncthreads();
  for (unsigned stride = blockDim.x >> 1; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}
