// exercise: Reach the speed of light
// family: reduce
// kernel: reduce_to_light
// run: --type f32 --n 33554432 --block 256 --param atomic=1 --param items=32
// goal: correct
// goal: percent_of_copy >= 80
//
// A GPU exercise. This kernel is correct and modern (shuffles, one atomic per block, a
// grid-stride loop over 32 elements a thread: items=32), yet it reads 2^25 floats (128 MiB)
// below a device copy's bandwidth: each iteration waits for one 4-byte load. A reduction is
// bound by memory: make every thread keep more bytes in flight (16-byte float4 loads, several
// independent loads an iteration). On the simulator only `correct` can be judged; time it with a
// GPU (--backend gpu).
__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__global__ void reduce_to_light(const float* in, float* out, unsigned n) {
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
