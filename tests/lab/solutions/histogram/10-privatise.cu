// exercise: Privatise the bins
// family: histogram
// kernel: histogram_private
// run: --n 65536 --block 256 --pattern skewed --param grid=64 --param shared=1024
// goal: correct
// goal: excess_sectors <= 30
//
// The solution: each block counts into its bins in shared memory, then adds each non-zero bin
// to the global ones, one atomic per bin and block.
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
