// Privatised histogram sized at run time: extern __shared__ bins (num_bins of them, --param shared), a grid-stride loop over the samples, then a merge loop over the bins.
// family: histogram
// kernel: histo_dynamic
// run: --block 128 --param bins=100 --param shared=400 --param grid=6
// types: i32
// expect: ok
__global__ void histo_dynamic(const int* __restrict__ data, unsigned* __restrict__ histo, unsigned n, unsigned num_bins) {
  extern __shared__ unsigned bins_s[];
  for (unsigned b = threadIdx.x; b < num_bins; b += blockDim.x) bins_s[b] = 0;
  __syncthreads();
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    int bin = __ldg(&data[i]);
    if (bin >= 0 && bin < (int)num_bins) atomicAdd(&bins_s[bin], 1u);
  }
  __syncthreads();
  for (unsigned b = threadIdx.x; b < num_bins; b += blockDim.x)
    if (bins_s[b] != 0) atomicAdd(&histo[b], bins_s[b]);
}
