// Warp-level reduction straight to global memory: every warp reduces its values with __shfl_down_sync and lane 0 does one atomicAdd on the output; no shared memory, no __syncthreads.
// family: reduce
// kernel: reduce_warp_atomic
// run: --block 256 --param items=2 --param atomic=1
// types: f32 i32
// expect: ok
template <class T>
__global__ void reduce_warp_atomic(const T* in, T* out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
  T v = 0;
  if (i < n) v = in[i];
  if (i + blockDim.x < n) v += in[i + blockDim.x];
  v += __shfl_down_sync(0xffffffffu, v, 16);
  v += __shfl_down_sync(0xffffffffu, v, 8);
  v += __shfl_down_sync(0xffffffffu, v, 4);
  v += __shfl_down_sync(0xffffffffu, v, 2);
  v += __shfl_down_sync(0xffffffffu, v, 1);
  if ((threadIdx.x & (warpSize - 1)) == 0) atomicAdd(out, v);
}
