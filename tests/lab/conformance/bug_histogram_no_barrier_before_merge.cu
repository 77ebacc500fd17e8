// BUG: privatised histogram with no __syncthreads() between counting into shared memory and merging it into the global bins: a thread merges bins other threads are still adding to (a race).
// family: histogram
// kernel: histo_early_merge
// run: --block 256 --param bins=256
// types: i32
// expect: race line 17
#define NUM_BINS 256

__global__ void histo_early_merge(const int* data, unsigned* histo, unsigned n, unsigned num_bins) {
  __shared__ unsigned histo_s[NUM_BINS];
  for (unsigned b = threadIdx.x; b < NUM_BINS; b += blockDim.x) histo_s[b] = 0;
  __syncthreads();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && data[i] >= 0 && data[i] < NUM_BINS) atomicAdd(&histo_s[data[i]], 1u);
  // missing: __syncthreads();
  for (unsigned b = threadIdx.x; b < NUM_BINS; b += blockDim.x) {
    unsigned count = histo_s[b];
    if (count > 0) atomicAdd(&histo[b], count);
  }
}
