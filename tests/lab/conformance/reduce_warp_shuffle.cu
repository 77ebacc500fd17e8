// Warp-shuffle block reduction: a grid-stride loop into a register, __shfl_down_sync within each warp, warp sums parked in shared memory, the first warp reduces them, one atomicAdd a block.
// family: reduce
// kernel: reduce_warp_shuffle
// run: --block 256 --param items=4 --param atomic=1
// types: f32 i32 f64
// expect: ok
template <class T>
__device__ __forceinline__ T warp_reduce_sum(T v) {
  for (int delta = warpSize / 2; delta > 0; delta >>= 1) v += __shfl_down_sync(0xffffffffu, v, delta);
  return v;
}

template <class T>
__global__ void reduce_warp_shuffle(const T* in, T* out, unsigned n) {
  __shared__ T per_warp[32];
  T v = 0;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v += in[i];
  unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  v = warp_reduce_sum(v);
  if (lane == 0) per_warp[warp] = v;
  __syncthreads();
  if (warp == 0) {
    unsigned warps = (blockDim.x + 31) / 32;
    v = lane < warps ? per_warp[lane] : T(0);
    v = warp_reduce_sum(v);
    if (lane == 0) atomicAdd(out, v);
  }
}
