// Butterfly warp reduction with __shfl_xor_sync (every lane ends with the warp's sum), warp sums in shared memory, thread 0 adds them serially and writes the block's partial.
// family: reduce
// kernel: reduce_butterfly
// run: --block 128
// types: f32 i32
// expect: ok
template <class T>
__global__ void reduce_butterfly(const T* in, T* out, unsigned n) {
  __shared__ T warp_sums[32];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  T v = i < n ? in[i] : T(0);
  for (int mask = 16; mask >= 1; mask /= 2) v += __shfl_xor_sync(0xffffffffu, v, mask, 32);
  if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    T total = 0;
    for (unsigned w = 0; w < blockDim.x / 32; ++w) total += warp_sums[w];
    out[blockIdx.x] = total;
  }
}
