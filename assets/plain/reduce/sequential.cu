// family: reduce
// kernel: reduce_sequential
// run: --type f32 --n 4096 --block 256
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
