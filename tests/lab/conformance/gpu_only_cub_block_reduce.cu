// CUB's BlockReduce, as a course shows the library's block primitive: refused on the simulator with its line; recorded on the GPU (tests/lab/lab_gpu_matches_simulator.py).
// family: reduce
// kernel: reduce_cub_block
// run: --block 256
// types: f32
// expect: refused line 7
#include <cub/cub.cuh>

template <class T>
__global__ void reduce_cub_block(const T* in, T* out, unsigned n) {
  using BlockReduce = cub::BlockReduce<T, 256>;
  __shared__ typename BlockReduce::TempStorage scratch;
  unsigned i = blockIdx.x * 256 + threadIdx.x;
  T sum = BlockReduce(scratch).Sum(i < n ? in[i] : T(0));
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}
