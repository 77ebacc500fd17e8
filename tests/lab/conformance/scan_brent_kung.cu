// Brent-Kung inclusive scan: a section of 2*blockDim elements, an up-sweep reduction tree with index (t+1)*2*stride-1, then a down-sweep that distributes the partial sums.
// family: scan
// kernel: scan_brent_kung
// run: --block 512 --param items=2
// types: f32 i32
// expect: ok
#define SECTION_SIZE 1024

template <class T>
__global__ void scan_brent_kung(const T* X, T* Y, unsigned n) {
  __shared__ T XY[SECTION_SIZE];
  unsigned t = threadIdx.x;
  XY[t] = t < n ? X[t] : T(0);
  XY[t + blockDim.x] = t + blockDim.x < n ? X[t + blockDim.x] : T(0);
  for (unsigned stride = 1; stride <= blockDim.x; stride *= 2) {
    __syncthreads();
    unsigned index = (t + 1) * 2 * stride - 1;
    if (index < SECTION_SIZE) XY[index] += XY[index - stride];
  }
  for (unsigned stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {
    __syncthreads();
    unsigned index = (t + 1) * 2 * stride - 1;
    if (index + stride < SECTION_SIZE) XY[index + stride] += XY[index];
  }
  __syncthreads();
  if (t < n) Y[t] = XY[t];
  if (t + blockDim.x < n) Y[t + blockDim.x] = XY[t + blockDim.x];
}
