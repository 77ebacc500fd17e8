// BUG: privatised histogram that never sets its shared bins to zero before counting into them: the first atomicAdd on each bin reads shared memory no thread has written.
// family: histogram
// kernel: histo_uncleared
// run: --block 256 --param bins=256
// types: i32
// expect: fault line 14
#define NUM_BINS 256

__global__ void histo_uncleared(const int* data, unsigned* histo, unsigned n, unsigned num_bins) {
  __shared__ unsigned histo_s[NUM_BINS];  // missing: a loop that clears it, then __syncthreads()
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int bin = data[i];
    if (bin >= 0 && bin < NUM_BINS) atomicAdd(&histo_s[bin], 1u);
  }
  __syncthreads();
  for (unsigned b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
    if (histo_s[b] > 0) atomicAdd(&histo[b], histo_s[b]);
}
