// BUG: Harris step 5's unrolled last warp written through a plain (not volatile) pointer and without __syncwarp: lanes read neighbours' slots the compiler and the warp have not stored yet (a warp race).
// family: reduce
// kernel: reduce_last_warp_plain
// run: --block 256 --param items=2
// types: f32 i32
// expect: race line 10
template <class T>
__device__ void warp_reduce(T* s, unsigned tid) {  // should be volatile T*, with __syncwarp()
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  s[tid] += s[tid + 8];
  s[tid] += s[tid + 4];
  s[tid] += s[tid + 2];
  s[tid] += s[tid + 1];
}

template <class T>
__global__ void reduce_last_warp_plain(const T* in, T* out, unsigned n) {
  extern __shared__ unsigned char bytes[];
  T* s = (T*)bytes;
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (2 * blockDim.x) + tid;
  T v = i < n ? in[i] : T(0);
  if (i + blockDim.x < n) v += in[i + blockDim.x];
  s[tid] = v;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 32; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid < 32) warp_reduce<T>(s, tid);
  if (tid == 0) out[blockIdx.x] = s[0];
}
