// Dot-product-style reduction: a grid-stride loop into a temporary, a static shared cache[threadsPerBlock], and a while (i != 0) loop that halves i; each block writes its partial.
// family: reduce
// kernel: sum_like_dot
// run: --block 256 --param grid=8
// types: f32 i32
// expect: ok
const int threadsPerBlock = 256;

template <class T>
__global__ void sum_like_dot(const T* a, T* c, int n) {
  __shared__ T cache[threadsPerBlock];
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int cacheIndex = threadIdx.x;
  T temp = 0;
  while (tid < n) {
    temp += a[tid];
    tid += blockDim.x * gridDim.x;
  }
  cache[cacheIndex] = temp;
  __syncthreads();
  int i = blockDim.x / 2;
  while (i != 0) {
    if (cacheIndex < i) cache[cacheIndex] += cache[cacheIndex + i];
    __syncthreads();
    i /= 2;
  }
  if (cacheIndex == 0) c[blockIdx.x] = cache[0];
}
