// BUG: global-atomic histogram without the i < n check: the threads of the last block past the end read samples that do not exist (out of bounds).
// family: histogram
// kernel: histo_unguarded
// run: --block 256
// types: i32
// sizes: 4001
// expect: fault line 11
__global__ void histo_unguarded(const int* data, unsigned* histo, unsigned n, unsigned num_bins) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  // missing: if (i < n)
  int bin = data[i];
  if (bin >= 0 && bin < (int)num_bins) atomicAdd(&histo[bin], 1u);
}
