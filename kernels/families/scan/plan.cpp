#include "kernels/families/scan/plan.h"

#include "kernels/families/scan/catalog.h"
#include "kernels/warp/warp_scan.h"

namespace wl::scan {

std::vector<Level> plan_levels(const VariantInfo& info, std::uint64_t n, unsigned block) {
  std::vector<Level> levels;
  const std::uint64_t tile = std::uint64_t(block) * info.items_per_thread;
  while (n > 0) {
    const std::uint64_t grid = (n + tile - 1) / tile;
    levels.push_back({n, unsigned(grid)});
    if (grid == 1 || info.shape != Shape::TilesThenPropagate) break;
    n = grid;
  }
  return levels;
}

std::string scan_launch_name(const VariantInfo& info, std::size_t level) {
  return level == 0 ? std::string(info.id) : std::string(info.id) + ", tile totals " + std::to_string(level);
}

std::vector<PlannedLaunch> planned_launches(const VariantInfo& info, const std::vector<Level>& levels,
                                            unsigned block) {
  std::vector<PlannedLaunch> launches;
  for (std::size_t k = 0; k < levels.size(); ++k)
    launches.push_back({scan_launch_name(info, k), levels[k].n, levels[k].grid, block});
  for (std::size_t k = levels.size(); k-- > 1;)
    launches.push_back({kPropagateName, levels[k - 1].n, levels[k - 1].grid - 1, block});
  return launches;
}

std::uint64_t combine_depth(const VariantInfo& info, const std::vector<Level>& levels, unsigned block) {
  unsigned tree = 1;
  while ((1u << tree) <= 2 * block) ++tree;
  std::uint64_t depth = levels.size() * (info.items_per_thread + 2 * tree + 1);
  // A single pass adds the look-back's chain over the tiles before, and a warp's running prefix
  // carried across its chunks of 4 items a lane (one combine a chunk, a few more to place it).
  if (info.shape == Shape::SinglePass && !levels.empty())
    depth += levels.front().grid + info.items_per_thread / 4 + kWarpScanLevels;
  if (info.shape == Shape::Independent && !levels.empty()) depth = levels.front().n;  // one serial chain
  return depth;
}

std::string validate_scan(const RunRequest& r) {
  const VariantInfo* info = find_variant(r.variant);
  if (!info) return {};
  if (r.block < info->min_block)
    return std::string(info->id) + " needs a block of at least " + std::to_string(info->min_block) +
           (info->min_block >= 32 ? " threads (it scans whole warps)" : " threads (a tile of one element never shrinks the next level)");
  if (r.block > info->max_block)
    return std::string(info->id) + " takes blocks of up to " + std::to_string(info->max_block) + " threads: its " +
           std::to_string(info->items_per_thread) + " items a thread need more registers than a block of " +
           std::to_string(r.block) + " leaves each thread";
  if (info->max_n && r.n > info->max_n)
    return std::string(info->id) + " does n(n+1)/2 combines: it takes n up to " + std::to_string(info->max_n);
  return {};
}

bool is_exclusive(const RunRequest& r) {
  auto it = r.params.find("exclusive");
  return it != r.params.end() && it->second != 0;
}

}  // namespace wl::scan
