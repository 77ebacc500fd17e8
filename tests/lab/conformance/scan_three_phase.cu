// Three-phase coarsened scan in shared memory: a coalesced load of the section, each thread scans its own subsection sequentially, a Kogge-Stone pass over the subsections' last elements, then each adds its predecessor's total.
// family: scan
// kernel: scan_three_phase
// run: --block 256 --param items=4
// types: f32 i32
// expect: ok
#define COARSE 4
#define BLOCK 256

template <class T>
__global__ void scan_three_phase(const T* X, T* Y, unsigned n) {
  __shared__ T section[BLOCK * COARSE];
  __shared__ T last[BLOCK];
  unsigned t = threadIdx.x;
  for (unsigned k = 0; k < COARSE; ++k) {
    unsigned at = k * BLOCK + t;  // coalesced
    section[at] = at < n ? X[at] : T(0);
  }
  __syncthreads();
  unsigned first = t * COARSE;
  for (unsigned k = 1; k < COARSE; ++k) section[first + k] += section[first + k - 1];
  last[t] = section[first + COARSE - 1];
  for (unsigned stride = 1; stride < BLOCK; stride *= 2) {
    __syncthreads();
    T add = t >= stride ? last[t - stride] : T(0);
    __syncthreads();
    last[t] += add;
  }
  __syncthreads();
  if (t > 0)
    for (unsigned k = 0; k < COARSE; ++k) section[first + k] += last[t - 1];
  __syncthreads();
  for (unsigned k = 0; k < COARSE; ++k) {
    unsigned at = k * BLOCK + t;
    if (at < n) Y[at] = section[at];
  }
}
