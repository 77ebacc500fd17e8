// BUG: histogram that increments the global bin with ++ instead of atomicAdd: threads with the same bin read-modify-write it at once and lose counts (a race).
// family: histogram
// kernel: histo_no_atomic
// run: --block 256
// types: i32
// expect: race line 12
__global__ void histo_no_atomic(const int* data, unsigned* histo, unsigned n, unsigned num_bins) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int bin = data[i];
    if (bin >= 0 && bin < (int)num_bins)
      histo[bin]++;  // needs atomicAdd(&histo[bin], 1u)
  }
}
