// Integer warp reduction with the sm_80 instruction __reduce_add_sync (int only), warp totals combined through a shared atomicAdd, one partial a block.
// family: reduce
// kernel: reduce_redux
// run: --block 256
// types: i32
// expect: ok
__global__ void reduce_redux(const int* in, int* out, unsigned n) {
  __shared__ int block_sum;
  if (threadIdx.x == 0) block_sum = 0;
  __syncthreads();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int warp_total = __reduce_add_sync(0xffffffffu, v);
  if (threadIdx.x % 32 == 0) atomicAdd(&block_sum, warp_total);
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = block_sum;
}
