// Harris step 5, the last warp unrolled in volatile shared memory without __syncthreads; each step split into read / __syncwarp / write / __syncwarp, as it must be since Volta.
// family: reduce
// kernel: harris5
// run: --block 256 --param items=2
// types: f32 i32
// expect: ok
template <class T>
__device__ void last_warp(volatile T* s, unsigned tid) {
  T v;
  v = s[tid] + s[tid + 32]; __syncwarp(); s[tid] = v; __syncwarp();
  v = s[tid] + s[tid + 16]; __syncwarp(); s[tid] = v; __syncwarp();
  v = s[tid] + s[tid + 8];  __syncwarp(); s[tid] = v; __syncwarp();
  v = s[tid] + s[tid + 4];  __syncwarp(); s[tid] = v; __syncwarp();
  v = s[tid] + s[tid + 2];  __syncwarp(); s[tid] = v; __syncwarp();
  v = s[tid] + s[tid + 1];  __syncwarp(); s[tid] = v;
}

template <class T>
__global__ void harris5(const T* in, T* out, unsigned n) {
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
  if (tid < 32) last_warp<T>(s, tid);
  if (tid == 0) out[blockIdx.x] = s[0];
}
