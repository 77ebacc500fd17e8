// exercise: Reduce without divergence
// family: reduce
// kernel: reduce_interleaved
// run: --n 4096 --block 256 --type f32
// goal: correct
// goal: divergent_warps < interleaved-divergent
// goal: span <= 64
// solution: interleaved-strided
//
// At stride s, the threads with tid % (2*s) == 0 add sdata[tid + s] into sdata[tid]. The working
// threads are scattered over every warp, so every warp with work diverges at every level. Keep
// the same tree (same pairs, same number of levels), but let the first threads of the block do
// the work: map thread tid to the index 2*s*tid, so that whole warps are either busy or idle.
// Watch the divergence column shrink.
//
// Harris's kernel 1 (the CUDA samples' reduce0): each block sums its elements in shared memory,
// pairing neighbours at stride s = 1, 2, 4, ... Only threads with tid % (2 s) == 0 work, and
// they sit in every warp: every warp diverges at every level. Its partial goes to out[block].
__global__ void reduce_interleaved(const float* in, float* out, unsigned n) {
  extern __shared__ float sdata[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0) {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
