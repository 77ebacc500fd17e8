// family: reduce
// kernel: reduce_first_add
// run: --type f32 --n 4096 --block 256 --param items=2
//
// Harris's kernel 4: each thread adds two elements, a block apart, while it loads, so half the
// blocks do the same work (items=2: the grid is ceil(n / (2 x block))).
__global__ void reduce_first_add(const float* in, float* out, unsigned n) {
  extern __shared__ float sdata[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  float sum = i < n ? in[i] : 0.0f;
  if (i + blockDim.x < n) sum += in[i + blockDim.x];
  sdata[tid] = sum;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
