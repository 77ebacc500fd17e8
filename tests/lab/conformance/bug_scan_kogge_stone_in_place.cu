// BUG: Kogge-Stone scan in place in one shared array with one barrier a step: thread t reads XY[t - stride] while thread t - stride may already be overwriting it (a race).
// family: scan
// kernel: scan_ks_racy
// run: --block 1024
// types: f32 i32
// expect: race line 14
template <class T>
__global__ void scan_ks_racy(const T* X, T* Y, unsigned n) {
  __shared__ T XY[1024];
  unsigned t = threadIdx.x;
  XY[t] = t < n ? X[t] : T(0);
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    if (t >= stride) XY[t] += XY[t - stride];  // needs a temporary and a second barrier
    __syncthreads();
  }
  if (t < n) Y[t] = XY[t];
}
