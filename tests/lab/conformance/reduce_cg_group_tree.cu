// Cooperative-groups tree over any thread_group: a __device__ helper takes cg::thread_group and a shared scratch array, halving with g.sync() before and after each read (the samples' group-generic style).
// family: reduce
// kernel: reduce_cg_group
// run: --block 256
// types: f32 i32
// expect: ok
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <class T>
__device__ T group_sum(cg::thread_group g, T* scratch, T v) {
  unsigned rank = g.thread_rank();
  for (unsigned half = g.size() / 2; half > 0; half /= 2) {
    scratch[rank] = v;
    g.sync();
    if (rank < half) v += scratch[rank + half];
    g.sync();
  }
  return v;  // complete in rank 0
}

template <class T>
__global__ void reduce_cg_group(const T* in, T* out, unsigned n) {
  extern __shared__ unsigned char bytes[];
  T* scratch = reinterpret_cast<T*>(bytes);
  cg::thread_block block = cg::this_thread_block();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  T v = i < n ? in[i] : T(0);
  v = group_sum<T>(block, scratch, v);
  if (block.thread_rank() == 0) out[blockIdx.x] = v;
}
