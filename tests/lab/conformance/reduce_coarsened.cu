// Thread-coarsened segmented reduction: each thread first sums COARSE_FACTOR*2 elements a block apart in a register, then the block reduces in shared memory and adds its total atomically.
// family: reduce
// kernel: reduce_coarsened
// run: --block 256 --param items=8 --param atomic=1
// types: f32 i32
// expect: ok
#define BLOCK_DIM 256
#define COARSE_FACTOR 4

template <class T>
__global__ void reduce_coarsened(const T* input, T* output, unsigned n) {
  __shared__ T input_s[BLOCK_DIM];
  unsigned t = threadIdx.x;
  unsigned segment = COARSE_FACTOR * 2 * BLOCK_DIM * blockIdx.x;
  unsigned i = segment + t;
  T sum = 0;
  for (unsigned tile = 0; tile < COARSE_FACTOR * 2; ++tile) {
    unsigned k = i + tile * BLOCK_DIM;
    if (k < n) sum += input[k];
  }
  input_s[t] = sum;
  for (unsigned stride = BLOCK_DIM / 2; stride >= 1; stride /= 2) {
    __syncthreads();
    if (t < stride) input_s[t] += input_s[t + stride];
  }
  if (t == 0) atomicAdd(output, input_s[0]);
}
