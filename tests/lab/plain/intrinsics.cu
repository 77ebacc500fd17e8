// One reduction that goes through most of what the prelude offers, so a test sees each of them
// run and the sum come out right: 16-byte loads, __ldg, sub-warp tiles and their shuffles,
// ballot and __popc, __match_any_sync, __activemask, shared and global atomics.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

// items=4: each thread reads one float4 (the input's length a multiple of 4 here).
__global__ void reduce_every_intrinsic(const float* in, float* out, unsigned n) {
  __shared__ float block_total;
  __shared__ unsigned lanes_seen;
  cg::thread_block block = cg::this_thread_block();
  if (block.thread_rank() == 0) {
    block_total = 0.0f;
    lanes_seen = 0;
  }
  block.sync();
  unsigned i = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  float v = 0.0f;
  if (i + 3 < n) {
    float4 q = reinterpret_cast<const float4*>(in)[i / 4];
    v = q.x + q.y + q.z + q.w;
  } else {
    for (unsigned k = i; k < n; ++k) v += __ldg(&in[k]);
  }
  // Tiles of 16 reduce with shfl_xor (width 16), then the two halves of the warp combine.
  cg::thread_group tile = cg::tiled_partition(block, 16);
  v = cg::reduce(tile, v, cg::plus<float>());
  v += __shfl_down_sync(0xffffffffu, v, 16);
  unsigned active = __ballot_sync(__activemask(), 1);
  unsigned same = __match_any_sync(0xffffffffu, threadIdx.x / 32);
  if (threadIdx.x % 32 == 0) {
    atomicAdd(&block_total, v);
    atomicAdd(&lanes_seen, (unsigned)__popc(active & same));
  }
  block.sync();
  if (block.thread_rank() == 0 && lanes_seen == blockDim.x) atomicExch(&out[blockIdx.x], block_total);
}

// Two mistakes the simulator stops at: a barrier only some threads reach, and a shuffle whose
// mask leaves out lanes that execute it.
__global__ void barrier_in_a_branch(const float* in, float* out, unsigned n) {
  __shared__ float s[64];
  s[threadIdx.x % 64] = in[0];
  if (threadIdx.x < 16) __syncthreads();
  out[blockIdx.x] = s[0];
}

__global__ void half_mask(const float* in, float* out, unsigned n) {
  float v = in[0];
  v += __shfl_down_sync(0x0000ffffu, v, 1);
  if (threadIdx.x == 0) out[blockIdx.x] = v;
}
