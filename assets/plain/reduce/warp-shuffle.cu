// family: reduce
// kernel: reduce_warp_shuffle
// run: --type f32 --n 4096 --block 256 --param items=2 --param atomic=1
//
// Luitjens's block reduction: each thread sums its share of the input (a grid-stride loop),
// each warp sums its 32 values with shuffles, lane 0 of each warp parks the warp's sum in shared
// memory, warp 0 sums those, and thread 0 adds the block's total into out[0] with one atomic
// (atomic=1: out[0] starts at 0, one launch; items=2: half a block's worth of blocks).
__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__global__ void reduce_warp_shuffle(const float* in, float* out, unsigned n) {
  __shared__ float warp_totals[32];
  float v = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v += in[i];
  v = warp_sum(v);
  unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) warp_totals[warp] = v;
  __syncthreads();
  float total = 0.0f;
  if (warp == 0) {
    if (lane < blockDim.x / 32) total = warp_totals[lane];
    total = warp_sum(total);
  }
  if (threadIdx.x == 0) atomicAdd(out, total);
}
