// Half precision: each thread packs two inputs into a __half2 and adds its halves with __hadd, as mixed-precision kernels load and add; exact on the ones pattern. Refused on the simulator with its line; run on the GPU (tests/lab/lab_gpu_matches_simulator.py).
// family: reduce
// kernel: reduce_half2
// run: --block 256 --param items=2 --pattern ones
// types: f32
// expect: refused line 12
#include <cuda_fp16.h>

__global__ void reduce_half2(const float* in, float* out, unsigned n) {
  __shared__ float partial[256];
  unsigned i = blockIdx.x * 512 + threadIdx.x;
  __half2 pair = __floats2half2_rn(i < n ? in[i] : 0.0f, i + 256 < n ? in[i + 256] : 0.0f);
  __half sum = __hadd(__low2half(pair), __high2half(pair));
  partial[threadIdx.x] = __half2float(sum);
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}
