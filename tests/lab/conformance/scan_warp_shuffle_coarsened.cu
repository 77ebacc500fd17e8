// Coarsened register scan: each thread scans ITEMS contiguous elements sequentially, the threads' totals are scanned with __shfl_up_sync and warp totals in shared memory, then each thread adds its exclusive offset.
// family: scan
// kernel: scan_coarsened_shfl
// run: --block 256 --param items=4
// types: f32 i32
// expect: ok
#define ITEMS 4

template <class T>
__global__ void scan_coarsened_shfl(const T* in, T* out, unsigned n) {
  __shared__ T warp_totals[32];
  unsigned t = threadIdx.x, lane = t & 31, warp = t >> 5;
  T item[ITEMS];
  T running = 0;
  for (unsigned k = 0; k < ITEMS; ++k) {
    unsigned at = t * ITEMS + k;
    running += at < n ? in[at] : T(0);
    item[k] = running;
  }
  T inclusive = running;
  for (unsigned d = 1; d < 32; d <<= 1) {
    T other = __shfl_up_sync(0xffffffffu, inclusive, d);
    if (lane >= d) inclusive += other;
  }
  if (lane == 31) warp_totals[warp] = inclusive;
  __syncthreads();
  if (t == 0) {
    T acc = 0;
    for (unsigned w = 0; w < blockDim.x / 32; ++w) {
      T here = warp_totals[w];
      warp_totals[w] = acc;  // exclusive: the warps before w
      acc += here;
    }
  }
  __syncthreads();
  T exclusive = __shfl_up_sync(0xffffffffu, inclusive, 1);  // the threads before me in my warp
  if (lane == 0) exclusive = 0;
  T before = warp_totals[warp] + exclusive;
  for (unsigned k = 0; k < ITEMS; ++k) {
    unsigned at = t * ITEMS + k;
    if (at < n) out[at] = before + item[k];
  }
}
