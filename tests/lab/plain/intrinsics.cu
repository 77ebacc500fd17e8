// One reduction that goes through most of what the prelude offers, so a test sees each of them
// run and the sum come out right: 16-byte loads, __ldg, sub-warp tiles and their shuffles,
// ballot and __popc, __match_any_sync, __reduce_*_sync, __activemask, shared and global atomics.
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
  // Every lane counts itself, and the lowest and highest (lane - 5) are -5 and 26.
  unsigned lane = threadIdx.x % 32;
  bool reductions_right = __reduce_add_sync(0xffffffffu, 1u) == 32 && __reduce_min_sync(0xffffffffu, (int)lane - 5) == -5 &&
                          __reduce_max_sync(0xffffffffu, (int)lane - 5) == 26 && __reduce_max_sync(0xffffffffu, lane) == 31;
  if (threadIdx.x % 32 == 0 && reductions_right) {
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

// The rest of the prelude, each result checked: a block writes its sum only if every check held,
// so a wrong intrinsic shows as a wrong result. items=2: each thread reads one float2.
__global__ void reduce_the_rest(const float* in, float* out, unsigned n) {
  __shared__ float block_total;
  __shared__ int lowest, highest, counter, bits_and, bits_or;
  __shared__ unsigned swapped;
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  unsigned t = block.thread_rank(), lane = warp.thread_rank();
  if (t == 0) {
    block_total = 0.0f;
    lowest = 1 << 30;
    highest = -(1 << 30);
    counter = 1000;
    bits_and = -1;
    bits_or = 0;
    swapped = 0;
  }
  cg::sync(block);
  unsigned i = 2 * (blockIdx.x * blockDim.x + t);
  float v = 0.0f;
  if (i + 1 < n) {
    float2 p = reinterpret_cast<const float2*>(in)[i / 2];
    v = p.x + p.y;
  } else if (i < n) {
    v = in[i];
  }
  atomicMin(&lowest, (int)t);
  atomicMax(&highest, (int)t);
  atomicSub(&counter, 1);
  atomicAnd(&bits_and, ~(1 << (t % 8)));
  atomicOr(&bits_or, 1 << (t % 8));
  atomicCAS(&swapped, 0u, t + 1);  // the first thread to get here wins
  __threadfence();
  float top = cg::reduce(warp, (float)lane, cg::greater<float>());
  float bottom = cg::reduce(warp, (float)lane, cg::less<float>());
  int left = warp.shfl_up((int)lane, 1), from_zero = warp.shfl((int)lane, 0);
  bool math_right = fabsf(__expf(0.0f) - 1.0f) < 1e-6f && sqrtf(16.0f) == 4.0f && fabsf(rsqrtf(4.0f) - 0.5f) < 1e-6f &&
                    fminf(2.0f, -3.0f) == -3.0f && __fdividef(1.0f, 4.0f) == 0.25f && min(3, 5u) == 3u && max(-1.0, 2.0) == 2.0;
  int2 pair = make_int2(3, 4);
  int4 quad = make_int4(1, 2, 3, 4);
  bool votes_right = __any_sync(0xffffffffu, lane == 7) && !__all_sync(0xffffffffu, lane < 31) &&
                     __all_sync(0xffffffffu, lane < 32);
  bool lanes_right = top == 31.0f && bottom == 0.0f && left == (lane == 0 ? 0 : (int)lane - 1) && from_zero == 0;
  warp.sync();
  v = cg::reduce(warp, v, cg::plus<float>());
  if (lane == 0) atomicAdd(&block_total, v);
  cg::sync(block);
  bool shared_right = lowest == 0 && highest == (int)blockDim.x - 1 && counter == 1000 - (int)blockDim.x && bits_and == ~0xff &&
                      bits_or == 0xff && swapped >= 1 && swapped <= blockDim.x;
  if (t == 0 && math_right && votes_right && lanes_right && shared_right && pair.x + pair.y + quad.w == 11)
    out[blockIdx.x] = block_total;
}
