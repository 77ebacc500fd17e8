// Warp-shuffle inclusive scan: __shfl_up_sync within each warp (lanes >= offset add), each warp's total in shared memory, warp 0 scans the totals, every thread adds the totals of the warps before it.
// family: scan
// kernel: scan_warp_shfl
// run: --block 1024
// types: f32 i32
// expect: ok
template <class T>
__device__ T warp_inclusive_scan(T v, unsigned lane) {
  for (unsigned offset = 1; offset < 32; offset *= 2) {
    T up = __shfl_up_sync(0xffffffffu, v, offset);
    if (lane >= offset) v += up;
  }
  return v;
}

template <class T>
__global__ void scan_warp_shfl(const T* in, T* out, unsigned n) {
  __shared__ T warp_totals[32];
  unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
  T v = t < n ? in[t] : T(0);
  v = warp_inclusive_scan(v, lane);
  if (lane == 31) warp_totals[warp] = v;
  __syncthreads();
  if (warp == 0) {
    T total = lane < blockDim.x / 32 ? warp_totals[lane] : T(0);
    warp_totals[lane] = warp_inclusive_scan(total, lane);
  }
  __syncthreads();
  if (warp > 0) v += warp_totals[warp - 1];
  if (t < n) out[t] = v;
}
