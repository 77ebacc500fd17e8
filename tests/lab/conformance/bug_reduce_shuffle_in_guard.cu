// BUG: warp-shuffle reduction whose __shfl_down_sync with the full mask sits inside the if (i < n) guard: in the last warp the lanes past the end never reach the shuffle the mask names them in.
// family: reduce
// kernel: reduce_shuffle_in_guard
// run: --block 256 --param atomic=1
// types: f32 i32
// sizes: 4001
// expect: fault line 14
template <class T>
__global__ void reduce_shuffle_in_guard(const T* in, T* out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    T v = in[i];
    for (int offset = 16; offset > 0; offset /= 2)
      v += __shfl_down_sync(0xffffffffu, v, offset);
    if (threadIdx.x % 32 == 0) atomicAdd(out, v);
  }
}
