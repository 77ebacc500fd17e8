// Cooperative-groups reduction: cg::this_thread_block, cg::tiled_partition<32> and tile.shfl_down for each warp, the warps' sums through shared memory, block.sync() between.
// family: reduce
// kernel: reduce_cg_tiles
// run: --block 256
// types: f32 i32
// expect: ok
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <class T>
__global__ void reduce_cg_tiles(const T* in, T* out, unsigned n) {
  __shared__ T tile_sums[32];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  unsigned i = blockIdx.x * block.size() + block.thread_rank();
  T v = i < n ? in[i] : T(0);
  for (unsigned d = tile.size() / 2; d > 0; d /= 2) v += tile.shfl_down(v, d);
  if (tile.thread_rank() == 0) tile_sums[tile.meta_group_rank()] = v;
  block.sync();
  if (tile.meta_group_rank() == 0) {
    v = tile.thread_rank() < block.size() / 32 ? tile_sums[tile.thread_rank()] : T(0);
    for (unsigned d = tile.size() / 2; d > 0; d /= 2) v += tile.shfl_down(v, d);
    if (block.thread_rank() == 0) out[blockIdx.x] = v;
  }
}
