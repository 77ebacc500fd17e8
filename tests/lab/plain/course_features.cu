// What courses write beyond a plain reduction, each run by a test: a single-pass reduction whose
// last block (a retirement counter, __threadfence, __shared__ bool) combines the partials;
// printf and assert in a kernel; __constant__ data, a __device__ global and 64-bit atomics.
#include <cassert>
#include <cstdio>

__device__ unsigned int retired = 0;

__global__ void single_pass(const float* in, float* out, unsigned n) {
  __shared__ float sdata[256];
  __shared__ bool amLast;
  unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
  sdata[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    out[blockIdx.x] = sdata[0];
    __threadfence();  // the partial is visible before the ticket says so
    unsigned ticket = atomicInc(&retired, gridDim.x);
    amLast = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (amLast) {  // the last block sums the partials, in a tree of its own
    float v = 0.0f;
    for (unsigned b = tid; b < gridDim.x; b += blockDim.x) v += out[b];
    sdata[tid] = v;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
      if (tid < s) sdata[tid] += sdata[tid + s];
      __syncthreads();
    }
    if (tid == 0) {
      out[0] = sdata[0];
      retired = 0;
    }
  }
}

__global__ void prints(const float* in, float* out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  v = atomicAdd(out, v);
  if (threadIdx.x == 0) printf("block %u starts at %u\n", blockIdx.x, i);
}

__global__ void asserts(const float* in, float* out, unsigned n) {
  assert(blockDim.x <= 128);
  if (threadIdx.x == 0) out[blockIdx.x] = in[0];
}

__constant__ float weights[2] = {1.0f, 1.0f};
__device__ unsigned long long counted;

__global__ void constants(const int* in, int* out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(out, int(weights[i % 2]) * in[i]);
    atomicAdd(&counted, 1ull);
  }
}

// Tiles wider than a warp, as NVIDIA's samples reduce with them: the block lends its tiles
// memory (block_tile_memory), cg::reduce over a tile of TileSize threads, then a value a tile.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

template <class T, unsigned BlockSize, unsigned TileSize>
__global__ void wide_tiles(const T* in, T* out, unsigned n) {
  __shared__ cg::block_tile_memory<BlockSize> lent;
  __shared__ T tiles[BlockSize / TileSize];
  cg::thread_block block = cg::this_thread_block(lent);
  auto tile = cg::tiled_partition<TileSize>(block);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  T v = cg::reduce(tile, i < n ? in[i] : T(0), cg::plus<T>());
  if (tile.thread_rank() == 0) tiles[tile.meta_group_rank()] = v;
  block.sync();
  if (threadIdx.x == 0) {
    T sum = 0;
    for (unsigned t = 0; t < tile.meta_group_size(); ++t) sum += tiles[t];
    out[blockIdx.x] = sum;
  }
}
