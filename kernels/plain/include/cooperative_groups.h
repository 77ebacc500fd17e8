// The basics of CUDA's cooperative groups for a plain-CUDA file on the simulator: the block,
// and tiles of it (tiled_partition), with their syncs, ranks, shuffles and votes. Every call
// goes through the prelude's intrinsics with the caller's line.
#pragma once
#include "warplens_plain.h"

namespace cooperative_groups {

class thread_block {
 public:
  void sync(unsigned line = __builtin_LINE()) const { wl_plain_syncthreads(line); }
  unsigned thread_rank() const {
    const uint3 t = threadIdx;
    const dim3 d = blockDim;
    return (t.z * d.y + t.y) * d.x + t.x;
  }
  unsigned size() const { return num_threads(); }
  unsigned num_threads() const {
    const dim3 d = blockDim;
    return d.x * d.y * d.z;
  }
  dim3 group_index() const { return dim3(blockIdx); }
  dim3 thread_index() const { return dim3(threadIdx); }
  dim3 group_dim() const { return blockDim; }
  dim3 dim_threads() const { return blockDim; }
};

inline thread_block this_thread_block() { return thread_block(); }
inline void sync(const thread_block&, unsigned line = __builtin_LINE()) { wl_plain_syncthreads(line); }

// A tile of `Size` consecutive threads of the block (Size a power of two, at most 32); Size 0:
// the size is given at run time (tiled_partition(block, n)).
template <unsigned Size>
class thread_block_tile {
 public:
  explicit thread_block_tile(unsigned size = Size) : size_(Size ? Size : size) {}
  unsigned size() const { return size_; }
  unsigned num_threads() const { return size_; }
  unsigned thread_rank() const { return block_rank() % size_; }
  unsigned meta_group_rank() const { return block_rank() / size_; }
  unsigned meta_group_size() const { return (thread_block().size() + size_ - 1) / size_; }
  void sync(unsigned line = __builtin_LINE()) const { wl_plain_syncwarp(mask(), line); }
  template <class T>
  T shfl(T v, int src, unsigned line = __builtin_LINE()) const {
    return __shfl_sync(mask(), v, src, int(size_), line);
  }
  template <class T>
  T shfl_down(T v, unsigned delta, unsigned line = __builtin_LINE()) const {
    return __shfl_down_sync(mask(), v, delta, int(size_), line);
  }
  template <class T>
  T shfl_up(T v, unsigned delta, unsigned line = __builtin_LINE()) const {
    return __shfl_up_sync(mask(), v, delta, int(size_), line);
  }
  template <class T>
  T shfl_xor(T v, unsigned lane_mask, unsigned line = __builtin_LINE()) const {
    return __shfl_xor_sync(mask(), v, int(lane_mask), int(size_), line);
  }
  unsigned ballot(int pred, unsigned line = __builtin_LINE()) const {
    return __ballot_sync(mask(), pred, line) >> (lane() / size_ * size_);
  }
  bool any(int pred, unsigned line = __builtin_LINE()) const { return __any_sync(mask(), pred, line); }
  bool all(int pred, unsigned line = __builtin_LINE()) const { return __all_sync(mask(), pred, line); }
  // The lanes of this tile within the warp.
  unsigned mask() const {
    if (size_ >= 32) return 0xffffffffu;
    return ((1u << size_) - 1u) << (lane() / size_ * size_);
  }

 private:
  static unsigned block_rank() { return thread_block().thread_rank(); }
  static unsigned lane() { return block_rank() % 32; }
  unsigned size_;
};

typedef thread_block_tile<0> thread_group;

template <unsigned Size>
inline thread_block_tile<Size> tiled_partition(const thread_block&) {
  static_assert(Size > 0 && Size <= 32 && (Size & (Size - 1)) == 0, "a tile is a power of two of at most 32 threads");
  return thread_block_tile<Size>();
}
inline thread_group tiled_partition(const thread_block&, unsigned size) { return thread_group(size); }
template <unsigned Size>
inline void sync(const thread_block_tile<Size>& tile, unsigned line = __builtin_LINE()) { tile.sync(line); }

template <class T>
struct plus {
  T operator()(T a, T b) const { return a + b; }
};
template <class T>
struct less {
  T operator()(T a, T b) const { return b < a ? b : a; }
};
template <class T>
struct greater {
  T operator()(T a, T b) const { return a < b ? b : a; }
};

}  // namespace cooperative_groups
