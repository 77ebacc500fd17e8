// exercise: Aggregate a warp's atomics
// family: histogram
// kernel: histogram_aggregated
// run: --n 65536 --block 256 --pattern skewed --param grid=64 --param shared=1024
// goal: correct
// goal: atomic_passes <= warp-aggregated
//
// The solution: the warp goes round the loop together, its lanes holding one bin find each
// other, and the lowest of them adds their count: one shared atomic per distinct bin a warp.
__global__ void histogram_aggregated(const int* in, unsigned* bins, unsigned n, unsigned nbins) {
  extern __shared__ unsigned local[];
  for (unsigned b = threadIdx.x; b < nbins; b += blockDim.x) local[b] = 0;
  __syncthreads();
  unsigned lane = threadIdx.x % 32;
  for (unsigned base = blockIdx.x * blockDim.x + threadIdx.x - lane; base < n; base += blockDim.x * gridDim.x) {
    int x = base + lane < n ? in[base + lane] : -1;
    unsigned peers = __match_any_sync(0xffffffffu, x);
    if (x >= 0 && x < (int)nbins && lane == __ffs(peers) - 1) atomicAdd(&local[x], (unsigned)__popc(peers));
  }
  __syncthreads();
  for (unsigned b = threadIdx.x; b < nbins; b += blockDim.x)
    if (local[b]) atomicAdd(&bins[b], local[b]);
}
