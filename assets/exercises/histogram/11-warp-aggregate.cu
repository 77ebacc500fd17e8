// exercise: Aggregate a warp's atomics
// family: histogram
// kernel: histogram_private
// run: --n 65536 --block 256 --pattern skewed --param grid=64 --param shared=1024
// goal: correct
// goal: atomic_passes <= warp-aggregated
// goal: busiest_thread <= 5
//
// The bins are private to the block now, but on skewed input most lanes of a warp want the same
// bin, and their 32 atomics on one address still serialise into 32 passes. Let the lanes that
// hold the same bin find each other (__match_any_sync) and let one of them, the lowest
// (__ffs(peers) - 1), add the size of the group (__popc(peers)): one atomic per distinct bin in
// the warp. Every lane must take part in the match, even one whose sample is in no bin or past
// n, so let the whole warp go round the loop together.
__global__ void histogram_private(const int* in, unsigned* bins, unsigned n, unsigned nbins) {
  extern __shared__ unsigned local[];
  for (unsigned b = threadIdx.x; b < nbins; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    int x = in[i];
    if (x >= 0 && x < (int)nbins) atomicAdd(&local[x], 1u);
  }
  __syncthreads();
  for (unsigned b = threadIdx.x; b < nbins; b += blockDim.x)
    if (local[b]) atomicAdd(&bins[b], local[b]);
}
