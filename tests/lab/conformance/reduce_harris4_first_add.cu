// Harris step 4, first add during the global load: each block covers 2*blockDim elements, every thread adds two of them before the shared-memory tree (sequential addressing).
// family: reduce
// kernel: harris4
// run: --block 128 --param items=2
// types: f32 i32
// expect: ok
template <class T>
__global__ void harris4(const T* in, T* out, unsigned n) {
  extern __shared__ unsigned char bytes[];
  T* s = (T*)bytes;
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (2 * blockDim.x) + tid;
  T v = i < n ? in[i] : T(0);
  if (i + blockDim.x < n) v += in[i + blockDim.x];
  s[tid] = v;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}
