// exercise: Reduce without bank conflicts
// family: reduce
// kernel: reduce_strided
// run: --n 4096 --block 256 --type f32
// goal: correct
// goal: bank_conflicts == 0
// goal: divergent_warps <= interleaved-strided
// goal: span <= 64
// solution: sequential
//
// The tree no longer diverges, but thread tid works at index 2*s*tid: lanes of one warp touch
// words 2*s apart, which fall in the same shared-memory bank, and the accesses are replayed
// (the bank view shows them). Change which pairs are added, not how many: start the stride at
// half the block and halve it, so that consecutive threads read consecutive words. The active
// threads must stay contiguous, or divergence comes back (the third goal).
//
// Harris's kernel 2 (the samples' reduce1): thread tid works at index 2 s tid, so the working
// threads stay together and whole warps retire; but the stride puts lanes of a warp on the same
// shared-memory bank, and their accesses are replayed (bank conflicts).
__global__ void reduce_strided(const float* in, float* out, unsigned n) {
  extern __shared__ float sdata[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x) {
      sdata[index] += sdata[index + s];
    }
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
