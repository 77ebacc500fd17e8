// Cooperative-groups reduction with cg::reduce(tile, v, cg::plus<T>()) per 32-thread tile after a grid-stride loop; tile rank 0 adds the tile's sum to the output with atomicAdd.
// family: reduce
// kernel: reduce_cg_reduce
// run: --block 256 --param items=4 --param atomic=1
// types: f32 i32 f64
// expect: ok
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

template <class T>
__global__ void reduce_cg_reduce(const T* in, T* out, unsigned n) {
  cg::thread_block block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  T v = 0;
  for (unsigned i = blockIdx.x * blockDim.x + block.thread_rank(); i < n; i += gridDim.x * blockDim.x) v += in[i];
  T tile_sum = cg::reduce(tile, v, cg::plus<T>());
  if (tile.thread_rank() == 0) atomicAdd(out, tile_sum);
}
