// Warp shuffles, then each warp's lane 0 adds its sum into a shared total with an atomicCAS loop, as the CUDA programming guide writes atomicAdd for double: the loop's plain read of the total is part of the atomic, not a race.
// family: reduce
// kernel: reduce_warp_cas
// run: --block 256
// types: f32 i32
// expect: ok
__device__ float cas_add(float* at, float v) {
  unsigned* bits = (unsigned*)at;
  unsigned old = *bits, assumed;
  do {
    assumed = old;
    old = atomicCAS(bits, assumed, __float_as_uint(__uint_as_float(assumed) + v));
  } while (assumed != old);
  return __uint_as_float(old);
}

__device__ int cas_add(int* at, int v) {
  int old = *at, assumed;
  do {
    assumed = old;
    old = atomicCAS(at, assumed, assumed + v);
  } while (assumed != old);
  return old;
}

template <class T>
__global__ void reduce_warp_cas(const T* in, T* out, unsigned n) {
  __shared__ T total;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) total = 0;
  __syncthreads();
  T v = i < n ? in[i] : T(0);
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  if (threadIdx.x % 32 == 0) cas_add(&total, v);
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = total;
}
