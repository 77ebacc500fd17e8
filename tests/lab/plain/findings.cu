// What a student gets wrong, each to be named as its cause in the array's and buffer's words:
// a read before the barrier that would make it safe, a write past a one-element output, a
// second launch reading past the partials, a scan named by its own array, and two kernels whose
// shared arrays must each start at byte 0.
__global__ void early_read(const float* in, float* out, unsigned n) {
  __shared__ float partial[256];
  unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
  float mine = i < n ? in[i] : 0.0f;
  float right = tid + 1 < blockDim.x ? partial[tid + 1] : 0.0f;  // partial[tid + 1] is not written yet
  partial[tid] = mine;
  __syncthreads();
  if (tid == 0) {
    float sum = right;
    for (unsigned k = 0; k < blockDim.x; ++k) sum += partial[k];
    out[blockIdx.x] = sum;
  }
}

__global__ void past_the_output(const float* in, float* out, unsigned n) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    float sum = 0.0f;
    for (unsigned i = 0; i < n; ++i) sum += in[i];
    atomicAdd(out, sum);
    out[1] = sum;  // out has one element with --param atomic=1
  }
}

__global__ void unguarded_second_launch(const float* in, float* out, unsigned n) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];  // fine for n a multiple of the block, not for the partials
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

__global__ void reduce_first(const float* in, float* out, unsigned n) {
  __shared__ float sdata[1024];
  unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
  sdata[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

// Kogge–Stone with one buffer and one barrier a step: the read of XY[tid - stride] races with
// that thread's write of the same step.
__global__ void racy_scan(const float* in, float* out, unsigned n) {
  __shared__ float XY[1024];
  unsigned tid = threadIdx.x;
  XY[tid] = tid < n ? in[tid] : 0.0f;
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    if (tid >= stride) XY[tid] += XY[tid - stride];
    __syncthreads();
  }
  if (tid < n) out[tid] = XY[tid];
}
