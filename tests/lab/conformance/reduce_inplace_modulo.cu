// Textbook in-place reduction in global memory: thread t owns element 2t of its block's segment, and at stride s the threads with t % s == 0 add the element s away (divergent; the kernel writes its input).
// family: reduce
// kernel: reduce_inplace_modulo
// run: --block 256 --param items=2
// types: f32 i32
// expect: ok
template <class T>
__global__ void reduce_inplace_modulo(T* input, T* output, unsigned n) {
  unsigned segment = 2 * blockDim.x * blockIdx.x;
  unsigned i = segment + 2 * threadIdx.x;
  for (unsigned stride = 1; stride <= blockDim.x; stride *= 2) {
    // the partner i + stride holds the partial of its own run; past n there is nothing to add
    if (threadIdx.x % stride == 0 && i + stride < n) input[i] += input[i + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) output[blockIdx.x] = input[segment];
}
