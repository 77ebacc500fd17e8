// The histogram a course builds second: each block counts into its own bins in shared memory
// with atomics, then adds them to the global bins. Samples outside [0, nbins) are not counted.
__global__ void shared_histogram(const int* in, unsigned* bins, int n, unsigned nbins) {
  extern __shared__ unsigned local[];  // nbins
  for (unsigned b = threadIdx.x; b < nbins; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    int x = in[i];
    if (x >= 0 && x < (int)nbins) atomicAdd(&local[x], 1u);
  }
  __syncthreads();
  for (unsigned b = threadIdx.x; b < nbins; b += blockDim.x)
    if (local[b]) atomicAdd(&bins[b], local[b]);
}
