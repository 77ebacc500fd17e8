// BUG: a 2-D block (32 x 8) indexed by threadIdx.x alone: the 8 rows of threads load and store the same 32 elements, and race on them.
// family: reduce
// kernel: reduce_2d_x_only
// run: --block 256 --param block_x=32
// types: f32
// expect: race line 15
template <class T>
__global__ void reduce_2d_x_only(const T* in, T* out, unsigned n) {
  __shared__ T partial[256];
  unsigned t = threadIdx.x;  // should be threadIdx.y * blockDim.x + threadIdx.x
  unsigned i = blockIdx.x * 256 + t;
  partial[t] = i < n ? in[i] : T(0);
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride /= 2) {
    if (t < stride) partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = partial[0];
}
