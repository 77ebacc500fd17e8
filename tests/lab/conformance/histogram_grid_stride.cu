// Histogram with global atomics over a grid-stride loop: a small fixed grid (--param grid=5) walks the whole input, blockDim.x * gridDim.x samples apart.
// family: histogram
// kernel: histo_grid_stride
// run: --block 128 --param grid=5
// types: i32
// expect: ok
__global__ void histo_grid_stride(const int* data, unsigned* histo, int n, unsigned num_bins) {
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    int bin = data[i];
    if (bin >= 0 && bin < (int)num_bins) atomicAdd(&histo[bin], 1u);
  }
}
