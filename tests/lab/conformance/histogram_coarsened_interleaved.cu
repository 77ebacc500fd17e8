// Coarsened privatised histogram, interleaved partitioning: with a grid of n/(8*block) blocks each thread strides blockDim.x*gridDim.x, so a warp reads consecutive samples (coalesced).
// family: histogram
// kernel: histo_interleaved
// run: --block 256 --param items=8 --param bins=256
// types: i32
// expect: ok
#define NUM_BINS 256

__global__ void histo_interleaved(const int* data, unsigned* histo, unsigned n, unsigned num_bins) {
  __shared__ unsigned histo_s[NUM_BINS];
  for (unsigned b = threadIdx.x; b < NUM_BINS; b += blockDim.x) histo_s[b] = 0;
  __syncthreads();
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  for (unsigned i = tid; i < n; i += blockDim.x * gridDim.x) {
    int bin = data[i];
    if (bin >= 0 && bin < NUM_BINS) atomicAdd(&histo_s[bin], 1u);
  }
  __syncthreads();
  for (unsigned b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
    if (histo_s[b] > 0) atomicAdd(&histo[b], histo_s[b]);
}
