// Convergent reduction in a static shared array, two elements summed while loading, the barrier at the top of each step of the loop.
// family: reduce
// kernel: reduce_shared_convergent
// run: --block 256 --param items=2
// types: f32 i32
// expect: ok
#define BLOCK_DIM 256

template <class T>
__global__ void reduce_shared_convergent(const T* input, T* output, unsigned n) {
  __shared__ T input_s[BLOCK_DIM];
  unsigned t = threadIdx.x;
  unsigned i = 2 * BLOCK_DIM * blockIdx.x + t;
  T first = i < n ? input[i] : T(0);
  T second = i + BLOCK_DIM < n ? input[i + BLOCK_DIM] : T(0);
  input_s[t] = first + second;
  for (unsigned stride = BLOCK_DIM / 2; stride >= 1; stride /= 2) {
    __syncthreads();
    if (t < stride) input_s[t] += input_s[t + stride];
  }
  if (t == 0) output[blockIdx.x] = input_s[0];
}
