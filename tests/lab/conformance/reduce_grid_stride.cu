// Grid-stride loop reduction with a fixed, non-power-of-two grid: each thread accumulates with for (i = ...; i < n; i += blockDim.x * gridDim.x), then a sequential-addressing tree in dynamic shared memory.
// family: reduce
// kernel: reduce_grid_stride
// run: --block 128 --param grid=6
// types: f32 i32
// expect: ok
template <class T>
__global__ void reduce_grid_stride(const T* __restrict__ in, T* __restrict__ out, size_t n) {
  extern __shared__ unsigned char smem[];
  T* partial = reinterpret_cast<T*>(smem);
  T acc = 0;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x) acc += in[i];
  partial[threadIdx.x] = acc;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}
