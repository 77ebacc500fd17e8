// cg::reduce for a plain-CUDA file on the simulator, within a warp as the GPU's library does it:
// a 32-bit integer summed, or its minimum or maximum taken, is one __reduce_*_sync (redux.sync on
// sm_80 and later, a vote in the trace); any other type or operator a butterfly of shfl_xor over
// the tile, so the trace shows its log2(size) shuffles. A tile wider than a warp reduces each
// warp so, then passes the warps' values through the block's tile memory
// (this_thread_block(memory)), or through a scratch array of its own where none was lent,
// between two of the tile's syncs.
#pragma once
#include "../cooperative_groups.h"

namespace cooperative_groups {
namespace details {
// One value of up to 8 bytes for each of a block's up to 32 warps.
inline void* tile_scratch() {
  __shared__ double tile_scratch[32];  // double: 8-byte aligned
  return tile_scratch;
}

template <class T, class Op>
constexpr bool is_redux() {  // what redux.sync does: a 32-bit integer's sum, minimum or maximum
  return std::is_integral<T>::value && sizeof(T) == 4 &&
         (std::is_same<Op, plus<T>>::value || std::is_same<Op, less<T>>::value || std::is_same<Op, greater<T>>::value);
}
}  // namespace details

template <unsigned Size, class T, class Op>
inline T reduce(const thread_block_tile<Size>& tile, T v, Op op, unsigned line = __builtin_LINE()) {
  if constexpr (details::is_redux<T, Op>()) {
    using U = typename std::conditional<std::is_signed<T>::value, int, unsigned>::type;
    if constexpr (std::is_same<Op, plus<T>>::value) v = T(__reduce_add_sync(tile.mask(), U(v), line));
    else if constexpr (std::is_same<Op, less<T>>::value) v = T(__reduce_min_sync(tile.mask(), U(v), line));
    else v = T(__reduce_max_sync(tile.mask(), U(v), line));
  } else {
    const unsigned width = tile.size() < 32 ? tile.size() : 32;
    for (unsigned offset = width / 2; offset > 0; offset /= 2)
      v = op(v, __shfl_xor_sync(tile.mask(), v, int(offset), int(width), line));
  }
  if (tile.size() <= 32) return v;
  static_assert(sizeof(T) <= 8, "cg::reduce over warps passes values of up to 8 bytes");
  const unsigned warps = tile.size() / 32, warp = tile.thread_rank() / 32;
  T* partial = static_cast<T*>(tile.scratch() ? tile.scratch() : details::tile_scratch()) + tile.meta_group_rank() * warps;
  if (tile.thread_rank() % 32 == 0) partial[warp] = v;
  tile.sync(line);
  T total = partial[0];
  for (unsigned w = 1; w < warps; ++w) total = op(total, partial[w]);
  tile.sync(line);  // every warp has read the values before the next reduce writes them
  return total;
}

}  // namespace cooperative_groups
