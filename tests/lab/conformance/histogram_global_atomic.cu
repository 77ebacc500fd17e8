// Histogram with global atomics: one thread per sample, a bounds check on the index and on the bin, one atomicAdd on the global bins per sample.
// family: histogram
// kernel: histo_global
// run: --block 256
// types: i32
// expect: ok
__global__ void histo_global(const int* data, unsigned* histo, unsigned n, unsigned num_bins) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int bin = data[i];
    if (bin >= 0 && bin < (int)num_bins) atomicAdd(&histo[bin], 1);  // an int 1, as courses write it
  }
}
