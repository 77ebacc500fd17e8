// Privatised histogram in a static shared array of NUM_BINS counters: cleared, a barrier, shared atomics per sample, a barrier, then each block adds its non-zero bins to the global ones.
// family: histogram
// kernel: histo_private
// run: --block 256 --param bins=256
// types: i32
// expect: ok
#define NUM_BINS 256

__global__ void histo_private(const int* data, unsigned* histo, unsigned n, unsigned num_bins) {
  __shared__ unsigned histo_s[NUM_BINS];
  for (unsigned b = threadIdx.x; b < NUM_BINS; b += blockDim.x) histo_s[b] = 0u;
  __syncthreads();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int bin = data[i];
    if (bin >= 0 && bin < NUM_BINS) atomicAdd(&histo_s[bin], 1u);
  }
  __syncthreads();
  for (unsigned b = threadIdx.x; b < NUM_BINS; b += blockDim.x) {
    unsigned count = histo_s[b];
    if (count > 0) atomicAdd(&histo[b], count);
  }
}
