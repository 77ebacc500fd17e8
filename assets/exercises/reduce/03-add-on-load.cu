// exercise: Add during the load
// family: reduce
// kernel: reduce_sequential
// run: --n 131072 --block 256 --type f32 --param items=2
// goal: correct
// goal: barriers < sequential
// goal: span <= 64
// solution: first-add-on-load
//
// The run: line already launches half the blocks (items=2: the grid is ceil(n / (2 x block))),
// but each thread still loads one element, so half the input is never read and the sum is
// wrong. Let every thread load two elements, a block apart (i = blockIdx.x * 2 * blockDim.x +
// threadIdx.x, then i + blockDim.x), and add them before it writes shared memory. The check
// counts block 0 of every launch: with half the partials, a whole pass goes.
//
// Harris's kernel 3 (the samples' reduce2): the stride starts at half the block and halves;
// threads tid < s add sdata[tid + s]. Consecutive lanes touch consecutive words (no bank
// conflicts) and the working threads stay together (warps diverge only below 32 threads).
__global__ void reduce_sequential(const float* in, float* out, unsigned n) {
  extern __shared__ float sdata[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
