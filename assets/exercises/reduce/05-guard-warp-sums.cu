// exercise: Read only the warp sums that were written
// family: reduce
// kernel: reduce_warp_sums
// run: --type f32 --n 4096 --block 256 --param items=2 --param atomic=1
// goal: correct
// goal: unwritten_reads == 0
// goal: span <= 64
// solution: warp-shuffle
//
// Each warp parks its total in warp_totals[warp]; then every lane of warp 0 reads
// warp_totals[lane]. A block of 256 threads has 8 warps, so lanes 8 to 31 read slots nobody
// wrote: on a GPU, whatever an earlier block left there. The simulator stops at the first such
// read and names the line. Let a lane read its slot only if a warp wrote it, and start the
// others from a value that leaves the sum unchanged.
__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__global__ void reduce_warp_sums(const float* in, float* out, unsigned n) {
  __shared__ float warp_totals[32];
  float v = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v += in[i];
  v = warp_sum(v);
  unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) warp_totals[warp] = v;
  __syncthreads();
  float total = 0.0f;
  if (warp == 0) {
    total = warp_totals[lane];
    total = warp_sum(total);
  }
  if (threadIdx.x == 0) atomicAdd(out, total);
}
