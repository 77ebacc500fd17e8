// exercise: Name every lane in a shuffle's mask
// family: reduce
// kernel: reduce_narrowing_masks
// run: --type f32 --n 4096 --block 256 --param items=2 --param atomic=1
// goal: correct
// goal: faults == 0
// goal: span <= 64
// solution: warp-shuffle
//
// warp_sum halves the shuffle distance each step and names in its mask only the lanes whose
// sums still matter, although all 32 lanes execute the shuffle. Every lane that calls
// __shfl_down_sync must be in its mask, or the result is undefined; the simulator stops at the
// first such shuffle and lists the lanes left out. Make the mask say which lanes take part.
__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) {
    unsigned mask = (offset == 16) ? 0xffffffffu : (1u << (2 * offset)) - 1;  // the lanes still adding
    v += __shfl_down_sync(mask, v, offset);
  }
  return v;
}

__global__ void reduce_narrowing_masks(const float* in, float* out, unsigned n) {
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
