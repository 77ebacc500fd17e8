#include "kernels/families/reduce/plan.h"

#include "kernels/families/reduce/variant.h"

namespace wl::reduce {

std::string validate_reduce(const ReduceVariantInfo& info, const RunRequest& r) {
  if (info.finish == Finish::Partials && info.shape == GridShape::OnePerElement && r.block < 2)
    return std::string(info.id) + " needs a block of at least 2 threads (with one, each pass would leave as many "
           "partials as it read)";
  if (r.block < info.min_block)
    return std::string(info.id) + " needs a block of at least " + std::to_string(info.min_block) +
           (info.min_block > 32 ? " threads (its unrolled last warp reads sdata[tid + 32])"
                                : " threads (its shuffles take whole warps)");
  return {};
}

std::vector<Pass> plan_passes(const ReduceVariantInfo& info, std::uint64_t n, unsigned block,
                              unsigned sm_count) {
  std::vector<Pass> passes;
  if (n == 0) return passes;
  do {
    const unsigned grid = grid_for(info.shape, n, block, sm_count);
    passes.push_back({n, grid});
    n = grid;
  } while (info.finish == Finish::Partials && n > 1);
  return passes;
}

std::uint64_t combine_depth(const ReduceVariantInfo& info, const std::vector<Pass>& passes,
                            unsigned block) {
  unsigned tree = 1;
  while ((1u << tree) <= block) ++tree;  // log2(block) + 1 levels, with the finishing write
  std::uint64_t depth = 0;
  for (const Pass& p : passes) {
    const std::uint64_t threads = std::uint64_t(p.grid) * block;
    depth += (p.n + threads - 1) / threads + tree;  // sequential part, then the tree
    if (info.finish == Finish::Atomic)
      depth += info.atomics_per_block == 1 ? p.grid : p.n;  // atomics serialize in any order
    if (info.finish == Finish::LastBlock) depth += (p.grid + block - 1) / block + tree;
  }
  return depth;
}

}  // namespace wl::reduce
