// exercise: A last warp without races
// family: reduce
// kernel: reduce_last_warp
// run: --type f32 --n 4096 --block 256 --param items=2
// goal: correct
// goal: races == 0
// goal: span <= 64
//
// The last 32 values are finished by warp 0 alone, in volatile shared memory, with no
// synchronisation: the 2007 kernel trusted the 32 lanes to run in lockstep. Since Volta they
// need not, and here a lane reads sdata[tid + s] before its owner has written it (the lab names
// the race; the tree view draws those reads as racy edges). Keep the volatile loop, but make the
// lanes wait for each other (__syncwarp()) wherever a lane's write must come before, or after,
// another lane's read.
__global__ void reduce_last_warp(const float* in, float* out, unsigned n) {
  extern __shared__ float sdata[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  float sum = i < n ? in[i] : 0.0f;
  if (i + blockDim.x < n) sum += in[i + blockDim.x];
  sdata[tid] = sum;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    volatile float* v = sdata;
    for (unsigned s = 32; s > 0; s /= 2) {
      float mine = v[tid];
      float other = v[tid + s];
      v[tid] = mine + other;
    }
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
