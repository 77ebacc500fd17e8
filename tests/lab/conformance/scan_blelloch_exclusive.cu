// Blelloch work-efficient exclusive scan of 2*blockDim elements: up-sweep with a doubling offset, clear the root, down-sweep swapping and adding (the tree padded with zeros past n).
// family: scan
// kernel: scan_blelloch
// run: --block 512 --param items=2 --param exclusive=1
// types: f32 i32
// expect: ok
template <class T>
__global__ void scan_blelloch(const T* in, T* out, unsigned n) {
  __shared__ T temp[1024];
  unsigned thid = threadIdx.x;
  unsigned count = 2 * blockDim.x;
  temp[2 * thid] = 2 * thid < n ? in[2 * thid] : T(0);
  temp[2 * thid + 1] = 2 * thid + 1 < n ? in[2 * thid + 1] : T(0);
  unsigned offset = 1;
  for (unsigned d = count >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      unsigned ai = offset * (2 * thid + 1) - 1;
      unsigned bi = offset * (2 * thid + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (thid == 0) temp[count - 1] = 0;
  for (unsigned d = 1; d < count; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      unsigned ai = offset * (2 * thid + 1) - 1;
      unsigned bi = offset * (2 * thid + 2) - 1;
      T t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  if (2 * thid < n) out[2 * thid] = temp[2 * thid];
  if (2 * thid + 1 < n) out[2 * thid + 1] = temp[2 * thid + 1];
}
