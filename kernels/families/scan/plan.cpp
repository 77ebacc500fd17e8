#include "kernels/families/scan/plan.h"

#include <algorithm>

#include "kernels/warp/warp_scan.h"

namespace wl::scan {

std::vector<unsigned> tile_sizes(const ScanVariantInfo& info) {
  std::vector<unsigned> sizes{info.items_per_thread};
  for (unsigned items : info.smaller_items)
    if (items) sizes.push_back(items);
  std::sort(sizes.begin(), sizes.end());
  return sizes;
}

unsigned tile_items(const ScanVariantInfo& info, std::uint64_t n, unsigned block, unsigned sm_count, unsigned asked) {
  const std::vector<unsigned> sizes = tile_sizes(info);
  if (std::find(sizes.begin(), sizes.end(), asked) != sizes.end()) return asked;
  // A tile for every fourth multiprocessor: the rule that picked the faster size on an H100.
  const std::uint64_t enough_tiles = std::max(1u, sm_count / 4);
  unsigned items = sizes.front();
  for (unsigned size : sizes)
    if (n >= enough_tiles * block * size) items = size;
  return items;
}

std::string tile_sizes_text(const ScanVariantInfo& info) {
  const std::vector<unsigned> sizes = tile_sizes(info);
  std::string text;
  for (std::size_t k = 0; k < sizes.size(); ++k)
    text += (k == 0 ? "" : k + 1 == sizes.size() ? " or " : ", ") + std::to_string(sizes[k]);
  return text;
}

std::vector<Level> plan_levels(const ScanVariantInfo& info, const RunRequest& r) {
  std::vector<Level> levels;
  std::uint64_t n = r.n;
  while (n > 0) {
    const unsigned items = tile_items(info, n, r.block, r.sm_count, asked_items(r));
    const std::uint64_t tile = std::uint64_t(r.block) * items;
    const std::uint64_t grid = (n + tile - 1) / tile;
    levels.push_back({n, unsigned(grid), items});
    if (grid == 1 || info.shape != Shape::TilesThenPropagate) break;
    n = grid;
  }
  return levels;
}

std::string scan_launch_name(const ScanVariantInfo& info, std::size_t level) {
  return level == 0 ? std::string(info.id) : std::string(info.id) + ", tile totals " + std::to_string(level);
}

std::vector<PlannedLaunch> planned_launches(const ScanVariantInfo& info, const std::vector<Level>& levels,
                                            unsigned block) {
  std::vector<PlannedLaunch> launches;
  for (std::size_t k = 0; k < levels.size(); ++k)
    launches.push_back({scan_launch_name(info, k), levels[k].n, levels[k].grid, block});
  for (std::size_t k = levels.size(); k-- > 1;)
    launches.push_back({kPropagateName, levels[k - 1].n, levels[k - 1].grid - 1, block});
  return launches;
}

std::uint64_t combine_depth(const ScanVariantInfo& info, const std::vector<Level>& levels, unsigned block) {
  unsigned tree = 1;
  while ((1u << tree) <= 2 * block) ++tree;
  std::uint64_t depth = 0;
  for (const Level& level : levels) depth += level.items_per_thread + 2 * tree + 1;
  // A single pass adds the look-back's chain over the tiles before, and a warp's running prefix
  // carried across its chunks of 4 items a lane (one combine a chunk, a few more to place it).
  if (info.shape == Shape::SinglePass && !levels.empty())
    depth += levels.front().grid + levels.front().items_per_thread / 4 + kWarpScanLevels;
  if (info.shape == Shape::Independent && !levels.empty()) depth = levels.front().n;  // one serial chain
  return depth;
}

std::string validate_scan(const ScanVariantInfo& info, const RunRequest& r) {
  if (r.block < info.min_block)
    return std::string(info.id) + " needs a block of at least " + std::to_string(info.min_block) +
           (info.min_block >= 32 ? " threads (it scans whole warps)" : " threads (a tile of one element never shrinks the next level)");
  if (r.block > info.max_block)
    return std::string(info.id) + " takes blocks of up to " + std::to_string(info.max_block) + " threads: its " +
           std::to_string(info.items_per_thread) + " items a thread need more registers than a block of " +
           std::to_string(r.block) + " leaves each thread";
  // A variant of one size ignores "items", so compare mode and a sweep of every variant can
  // carry the parameter of the one that runs several.
  const unsigned asked = asked_items(r);
  const std::vector<unsigned> sizes = tile_sizes(info);
  if (asked && sizes.size() > 1 && std::find(sizes.begin(), sizes.end(), asked) == sizes.end())
    return std::string(info.id) + " runs tiles of " + tile_sizes_text(info) + " items a thread, not " +
           std::to_string(asked) + " (items 0 sizes the tile by n)";
  if (info.max_n && r.n > info.max_n)
    return std::string(info.id) + " does n(n+1)/2 combines: it takes n up to " + std::to_string(info.max_n);
  return {};
}

bool is_exclusive(const RunRequest& r) { return param_or(r, "exclusive", 0) != 0; }

unsigned asked_items(const RunRequest& r) { return unsigned(param_or(r, "items", 0)); }

}  // namespace wl::scan
