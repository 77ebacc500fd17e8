// Exclusive Kogge-Stone scan: thread t loads X[t - 1] (thread 0 loads the identity 0), then the two-barrier inclusive steps give the exclusive prefix.
// family: scan
// kernel: scan_ks_exclusive
// run: --block 1024 --param exclusive=1
// types: f32 i32
// expect: ok
template <class T>
__global__ void scan_ks_exclusive(const T* X, T* Y, unsigned n) {
  extern __shared__ unsigned char bytes[];
  T* XY = reinterpret_cast<T*>(bytes);
  unsigned t = threadIdx.x;
  XY[t] = (t > 0 && t - 1 < n) ? X[t - 1] : T(0);
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    T add = t >= stride ? XY[t - stride] : T(0);
    __syncthreads();
    XY[t] += add;
  }
  if (t < n) Y[t] = XY[t];
}
