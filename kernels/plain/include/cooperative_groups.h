// The basics of CUDA's cooperative groups for a plain-CUDA file on the simulator: the block,
// and tiles of it (tiled_partition), with their syncs, ranks, shuffles and votes. Every call
// goes through the prelude's intrinsics with the caller's line.
#pragma once
#include "warplens_plain.h"

namespace cooperative_groups {

// Shared memory a block lends its tiles wider than a warp (CUDA 11's cg::block_tile_memory):
// room for one value of up to 8 bytes a warp, which cg::reduce over such a tile passes between
// the tile's warps.
template <unsigned MaxBlockSize = 1024>
struct block_tile_memory {
  alignas(8) unsigned char data[(MaxBlockSize + 31) / 32 * 8];
};

class thread_block {
 public:
  thread_block() = default;
  explicit thread_block(void* scratch) : scratch_(scratch) {}
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
  void* scratch() const { return scratch_; }  // what this_thread_block(memory) was lent; null: none

 private:
  void* scratch_ = nullptr;
};

inline thread_block this_thread_block() { return thread_block(); }
template <unsigned MaxBlockSize>
inline thread_block this_thread_block(block_tile_memory<MaxBlockSize>& memory) { return thread_block(memory.data); }
inline void sync(const thread_block&, unsigned line = __builtin_LINE()) { wl_plain_syncthreads(line); }

// A tile of `Size` consecutive threads of the block (Size a power of two, up to the block); Size
// 0: the size is given at run time (tiled_partition(block, n)). A tile wider than a warp syncs as
// the whole block does: the simulator's one barrier is the block's, so a kernel in which only
// some such tiles sync is told it has a barrier that not every thread reaches. Its shuffles and
// votes are a warp's (CUDA has none wider).
template <unsigned Size>
class thread_block_tile {
 public:
  explicit thread_block_tile(unsigned size = Size, void* scratch = nullptr) : size_(Size ? Size : size), scratch_(scratch) {}
  // A thread_block is a thread_group (a helper taking cg::thread_group takes the block): the
  // tile of the whole block.
  template <unsigned S = Size, class = typename std::enable_if<S == 0>::type>
  thread_block_tile(const thread_block& block) : size_(block.size()), scratch_(block.scratch()) {}
  unsigned size() const { return size_; }
  unsigned num_threads() const { return size_; }
  unsigned thread_rank() const { return block_rank() % size_; }
  unsigned meta_group_rank() const { return block_rank() / size_; }
  unsigned meta_group_size() const { return (thread_block().size() + size_ - 1) / size_; }
  void sync(unsigned line = __builtin_LINE()) const {
    if (size_ > 32) wl_plain_syncthreads(line);
    else wl_plain_syncwarp(mask(), line);
  }
  void* scratch() const { return scratch_; }  // the block's tile memory (cg::reduce over warps); null: none lent
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
  void* scratch_;
};

typedef thread_block_tile<0> thread_group;

template <unsigned Size>
inline thread_block_tile<Size> tiled_partition(const thread_block& block) {
  static_assert(Size > 0 && Size <= 1024 && (Size & (Size - 1)) == 0, "a tile is a power of two of at most 1024 threads");
  return thread_block_tile<Size>(Size, block.scratch());
}
inline thread_group tiled_partition(const thread_block& block, unsigned size) { return thread_group(size, block.scratch()); }
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
