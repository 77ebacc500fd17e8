// Harris step 1, interleaved addressing with a divergent branch: at stride s only threads with tid % (2s) == 0 work, in every warp; dynamic shared memory typed through a small helper struct.
// family: reduce
// kernel: harris1
// run: --block 256
// types: f32 i32
// expect: ok
template <class T>
struct DynamicShared {
  __device__ T* get() {
    extern __shared__ double raw_shared[];
    return reinterpret_cast<T*>(raw_shared);
  }
};

template <class T>
__global__ void harris1(const T* in, T* out, unsigned n) {
  T* s = DynamicShared<T>().get();
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  s[tid] = i < n ? in[i] : T(0);
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride <<= 1) {
    if (tid % (2 * stride) == 0) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}
