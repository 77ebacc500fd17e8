// BUG: warp-shuffle scan that adds __shfl_up_sync's result on every lane: lanes below the offset get their own value back and add it twice (a wrong result, no race).
// family: scan
// kernel: scan_shfl_unguarded
// run: --block 32
// types: f32 i32
// sizes: 32 20
// expect: wrong
template <class T>
__global__ void scan_shfl_unguarded(const T* in, T* out, unsigned n) {
  unsigned lane = threadIdx.x;
  T v = lane < n ? in[lane] : T(0);
  for (unsigned offset = 1; offset < 32; offset *= 2)
    v += __shfl_up_sync(0xffffffffu, v, offset);  // should be: if (lane >= offset)
  if (lane < n) out[lane] = v;
}
