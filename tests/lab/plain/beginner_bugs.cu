// Two beginner's reductions, each with the bug a course warns about. The lab must name each
// at its line: the race where a barrier is missing, the read past the input where the load is
// not guarded.
__global__ void missing_barrier(const float* in, float* out, int n) {
  __shared__ float sdata[256];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  sdata[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    // forgot __syncthreads(): the next level reads what this one has not finished writing
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

__global__ void unguarded_load(const float* in, float* out, int n) {
  __shared__ float sdata[256];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  sdata[tid] = in[i];  // no i < n: the last block reads past the input
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
