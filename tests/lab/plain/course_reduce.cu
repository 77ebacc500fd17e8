// A course's reduction handout as it comes: templates with the block size as a parameter,
// cooperative groups, warp shuffles, and host code that WarpLens compiles but does not run.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

// Shared memory through cooperative groups: a block-wide tree, then one warp finishes.
template <class T, unsigned blockSize>
__global__ void reduce_cg(const T* __restrict__ in, T* __restrict__ out, unsigned n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ T sdata[blockSize];
  unsigned tid = block.thread_rank();
  unsigned i = blockIdx.x * blockSize + tid;
  sdata[tid] = i < n ? in[i] : T(0);
  cg::sync(block);
  for (unsigned s = blockSize / 2; s >= 32; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    cg::sync(block);
  }
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  if (warp.meta_group_rank() == 0) {
    T v = sdata[tid];
    v = cg::reduce(warp, v, cg::plus<T>());
    if (warp.thread_rank() == 0) out[blockIdx.x] = v;
  }
}

// Warp shuffles: each warp reduces in registers, then warp 0 reduces the warps' sums.
__device__ __forceinline__ float warp_sum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__global__ void reduce_shfl(const float* in, float* out, int n) {
  __shared__ float warp_sums[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  v = warp_sum(v);
  int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  if (lane == 0) warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < blockDim.x / warpSize ? warp_sums[lane] : 0.0f;
    v = warp_sum(v);
    if (lane == 0) out[blockIdx.x] = v;
  }
}

int main() {
  const int n = 1 << 20;
  float *d_in = nullptr, *d_out = nullptr;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, (n / 256) * sizeof(float));
  reduce_cg<float, 256><<<n / 256, 256>>>(d_in, d_out, n);
  reduce_shfl<<<n / 256, 256>>>(d_in, d_out, n);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) printf("error: %s\n", cudaGetErrorString(err));
  cudaFree(d_in);
  cudaFree(d_out);
}
