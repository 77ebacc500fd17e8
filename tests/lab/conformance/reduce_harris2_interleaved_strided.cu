// Harris step 2, interleaved addressing with a strided index: thread tid works at 2*stride*tid, so working threads are contiguous (no divergence) but shared accesses conflict on banks.
// family: reduce
// kernel: harris2
// run: --block 256
// types: f32 i32
// expect: ok
template <class T>
__global__ void harris2(const T* in, T* out, unsigned n) {
  extern __shared__ unsigned char bytes[];
  T* s = (T*)bytes;
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  s[tid] = i < n ? in[i] : T(0);
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    unsigned at = 2 * stride * tid;
    if (at < blockDim.x) s[at] += s[at + stride];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}
