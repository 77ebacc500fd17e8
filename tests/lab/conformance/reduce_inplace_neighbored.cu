// Neighbored-pair reduction in place in global memory: each block works on its slice through a pointer, and the thread whose global index satisfies i % (2*stride) == 0 adds its neighbour (divergent; writes its input).
// family: reduce
// kernel: reduce_neighbored
// run: --block 256
// types: f32 i32
// expect: ok
template <class T>
__global__ void reduce_neighbored(T* g_in, T* g_out, unsigned n) {
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  T* slice = g_in + blockIdx.x * blockDim.x;  // this block's part of the input
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    if (i % (2 * stride) == 0 && i + stride < n) slice[tid] += slice[tid + stride];
    __syncthreads();
  }
  if (tid == 0) g_out[blockIdx.x] = slice[0];
}
