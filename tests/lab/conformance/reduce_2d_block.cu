// A 2-D block (16 x 16): the tree runs over the linear index threadIdx.y * blockDim.x + threadIdx.x, as a course's image kernels index it.
// family: reduce
// kernel: reduce_2d_block
// run: --block 256 --param block_x=16
// types: f32 i32
// expect: ok
template <class T>
__global__ void reduce_2d_block(const T* in, T* out, unsigned n) {
  __shared__ T partial[16][16];
  unsigned threads = blockDim.x * blockDim.y;
  unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
  unsigned i = blockIdx.x * threads + t;
  partial[threadIdx.y][threadIdx.x] = i < n ? in[i] : T(0);
  __syncthreads();
  // Rows first: each row of 16 folds into its column 0.
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.y][threadIdx.x] += partial[threadIdx.y][threadIdx.x + stride];
    __syncthreads();
  }
  // Then column 0 folds into partial[0][0].
  for (unsigned stride = blockDim.y / 2; stride > 0; stride /= 2) {
    if (threadIdx.x == 0 && threadIdx.y < stride) partial[threadIdx.y][0] += partial[threadIdx.y + stride][0];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = partial[0][0];
}
