// Coarsened privatised histogram, contiguous partitioning: thread t of the grid takes CFACTOR adjacent samples t*CFACTOR .. t*CFACTOR+CFACTOR-1 (simple, but uncoalesced across a warp).
// family: histogram
// kernel: histo_contiguous
// run: --block 256 --param items=8 --param bins=256
// types: i32
// expect: ok
#define NUM_BINS 256
#define CFACTOR 8

__global__ void histo_contiguous(const int* data, unsigned* histo, unsigned n, unsigned num_bins) {
  __shared__ unsigned histo_s[NUM_BINS];
  for (unsigned b = threadIdx.x; b < NUM_BINS; b += blockDim.x) histo_s[b] = 0;
  __syncthreads();
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  for (unsigned i = tid * CFACTOR; i < min(n, (tid + 1) * CFACTOR); ++i) {
    int bin = data[i];
    if (bin >= 0 && bin < NUM_BINS) atomicAdd(&histo_s[bin], 1u);
  }
  __syncthreads();
  for (unsigned b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
    if (histo_s[b] > 0) atomicAdd(&histo[b], histo_s[b]);
}
