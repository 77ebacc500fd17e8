// The samples' last step in reduce7's style: warp sums in shared memory, then the first eight lanes reduce them under the mask __ballot_sync gives; their shuffles read lanes outside that mask (undefined in CUDA: an H200 gives 0, and so does the simulator, with a note).
// family: reduce
// kernel: reduce_ballot_mask_tail
// run: --block 256
// types: f32 i32
// expect: ok
template <class T>
__device__ T warp_sum(unsigned mask, T v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(mask, v, offset);
  return v;
}

template <class T>
__global__ void reduce_ballot_mask_tail(const T* in, T* out, unsigned n) {
  __shared__ T warp_sums[8];
  unsigned t = threadIdx.x, i = blockIdx.x * 256 + t;
  T v = warp_sum(0xffffffffu, i < n ? in[i] : T(0));
  if (t % 32 == 0) warp_sums[t / 32] = v;
  __syncthreads();
  unsigned mask = __ballot_sync(0xffffffffu, t < 8);
  if (t < 8) {
    v = warp_sum(mask, warp_sums[t]);
    if (t == 0) out[blockIdx.x] = v;
  }
}
