// Aggregated privatised histogram: each thread counts runs of equal bins in a register (accumulator, previous bin) and flushes one shared atomicAdd per run; skewed input makes runs common.
// family: histogram
// kernel: histo_aggregated
// run: --block 256 --param bins=256 --param grid=4 --pattern skewed
// types: i32
// expect: ok
#define NUM_BINS 256

__global__ void histo_aggregated(const int* data, unsigned* histo, unsigned n, unsigned num_bins) {
  __shared__ unsigned histo_s[NUM_BINS];
  for (unsigned b = threadIdx.x; b < NUM_BINS; b += blockDim.x) histo_s[b] = 0;
  __syncthreads();
  unsigned accumulator = 0;
  int prev_bin = -1;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    int bin = data[i];
    if (bin < 0 || bin >= NUM_BINS) continue;
    if (bin == prev_bin) {
      ++accumulator;
    } else {
      if (accumulator > 0) atomicAdd(&histo_s[prev_bin], accumulator);
      accumulator = 1;
      prev_bin = bin;
    }
  }
  if (accumulator > 0) atomicAdd(&histo_s[prev_bin], accumulator);
  __syncthreads();
  for (unsigned b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
    if (histo_s[b] > 0) atomicAdd(&histo[b], histo_s[b]);
}
