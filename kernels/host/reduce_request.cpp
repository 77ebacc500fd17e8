#include "kernels/host/reduce_request.h"

#include "kernels/families/reduce/registry.h"

namespace wl {

std::string validate(const ReduceRequest& r) {
  const reduce::VariantInfo* info = reduce::find_variant(r.variant);
  if (!info) return "unknown variant '" + r.variant + "' (see `warplens list`)";
  if (!reduce::visit_op(r.op, [](auto) {}))
    return "unknown operator '" + r.op + "' (sum, min, max, product)";
  if (!reduce::visit_type(r.type, [](auto) {}))
    return "unknown type '" + r.type + "' (i32, f32, f64)";
  if (r.block == 0 || (r.block & (r.block - 1)) != 0)
    return "block size " + std::to_string(r.block) + " is not a power of two";
  if (r.block > 1024)
    return "block size " + std::to_string(r.block) + " is over the hardware limit of 1024";
  if (r.block < info->min_block)
    return std::string(info->id) + " needs a block of at least " +
           std::to_string(info->min_block) + " threads (its unrolled last warp reads sdata[tid + 32])";
  if (r.n > kMaxElements)
    return "n = " + std::to_string(r.n) + " is over the limit of " + std::to_string(kMaxElements);
  if (r.sm_count == 0) return "sm_count must be at least 1";
  if (r.record) {
    std::uint64_t element_bytes = 0;
    reduce::visit_type(r.type, [&](auto t) { element_bytes = sizeof(typename decltype(t)::type); });
    if (r.n * element_bytes > (std::uint64_t(1) << 32))
      return "a trace stores 32-bit byte offsets: record at most " +
             std::to_string((std::uint64_t(1) << 32) / element_bytes) + " elements of " + r.type;
    if (r.record_blocks.empty()) return "no blocks chosen to record";
    if (r.event_cap == 0) return "event cap must be at least 1";
  }
  return {};
}

std::vector<Pass> plan_passes(const reduce::VariantInfo& info, std::uint64_t n, unsigned block,
                              unsigned sm_count) {
  std::vector<Pass> passes;
  if (n == 0) return passes;
  do {
    const unsigned grid = reduce::grid_for(info.shape, n, block, sm_count);
    passes.push_back({n, grid});
    n = grid;
  } while (info.finish == reduce::Finish::Partials && n > 1);
  return passes;
}

std::uint64_t combine_depth(const reduce::VariantInfo& info, const std::vector<Pass>& passes,
                            unsigned block) {
  unsigned tree = 1;
  while ((1u << tree) <= block) ++tree;  // log2(block) + 1 levels, with the finishing write
  std::uint64_t depth = 0;
  for (const Pass& p : passes) {
    const std::uint64_t threads = std::uint64_t(p.grid) * block;
    depth += (p.n + threads - 1) / threads + tree;  // sequential part, then the tree
    if (info.finish == reduce::Finish::Atomic)
      depth += info.atomics_per_block == 1 ? p.grid : p.n;  // atomics serialize in any order
    if (info.finish == reduce::Finish::LastBlock) depth += (p.grid + block - 1) / block + tree;
  }
  return depth;
}

}  // namespace wl
