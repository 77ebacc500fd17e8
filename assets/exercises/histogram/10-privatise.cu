// exercise: Privatise the bins
// family: histogram
// kernel: histogram_global
// run: --n 65536 --block 256 --pattern skewed --param grid=64 --param shared=1024
// goal: correct
// goal: excess_sectors <= 30
// goal: busiest_thread <= 5
//
// Every item is an atomicAdd on the global bins: a trip to L2, scattered over many sectors. Let
// each block count into its own copy of the bins in shared memory (the run gives each block
// nbins unsigned words of it, shared=1024: declare `extern __shared__ unsigned local[];`),
// cleared before and added to the global bins after, once per bin and block. The check counts
// global-memory sectors moved past the ideal (this kernel moves 108 more than it needs in block
// 0; privatised, about 15); the lanes on one hot bin still serialise, now in shared memory (the
// next exercise).
__global__ void histogram_global(const int* in, unsigned* bins, unsigned n, unsigned nbins) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    int x = in[i];
    if (x >= 0 && x < (int)nbins) atomicAdd(&bins[x], 1u);
  }
}
