// Convergent in-place reduction in global memory: stride starts at blockDim.x and halves (stride >>= 1), so the active threads stay packed at the front of the block (writes its input).
// family: reduce
// kernel: reduce_inplace_convergent
// run: --block 256 --param items=2
// types: f32 i32
// expect: ok
template <class T>
__global__ void reduce_inplace_convergent(T* input, T* output, unsigned n) {
  unsigned segment = 2 * blockDim.x * blockIdx.x;
  unsigned i = segment + threadIdx.x;
  for (unsigned stride = blockDim.x; stride >= 1; stride >>= 1) {
    if (threadIdx.x < stride && i + stride < n) input[i] += input[i + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) output[blockIdx.x] = input[segment];
}
