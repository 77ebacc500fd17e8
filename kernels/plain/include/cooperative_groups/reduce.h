// cg::reduce for a plain-CUDA file on the simulator: a butterfly of shfl_xor over the tile, as
// the GPU's library does it for these types, so the trace shows its log2(size) shuffles.
#pragma once
#include "../cooperative_groups.h"

namespace cooperative_groups {

template <unsigned Size, class T, class Op>
inline T reduce(const thread_block_tile<Size>& tile, T v, Op op, unsigned line = __builtin_LINE()) {
  for (unsigned offset = tile.size() / 2; offset > 0; offset /= 2) v = op(v, tile.shfl_xor(v, offset, line));
  return v;
}

}  // namespace cooperative_groups
