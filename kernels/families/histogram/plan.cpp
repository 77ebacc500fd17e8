#include "kernels/families/histogram/plan.h"

#include <algorithm>

#include "kernels/families/histogram/variant.h"

namespace wl::histogram {
namespace {

unsigned blocks_for(std::uint64_t threads, unsigned block) { return unsigned((threads + block - 1) / block); }

}  // namespace

std::vector<SortPassShape> sort_passes(std::uint64_t padded) {
  std::vector<SortPassShape> passes;
  for (std::uint64_t span = 2; span <= padded; span *= 2)
    for (std::uint64_t stride = span / 2; stride >= 1; stride /= 2) passes.push_back({span, stride});
  return passes;
}

Plan plan_histogram(const HistogramVariantInfo& info, std::uint64_t n, unsigned block, unsigned bins, unsigned sm_count) {
  Plan p;
  if (n == 0) return p;
  const unsigned enough = blocks_for((n + kItemsPerThread - 1) / kItemsPerThread, block);
  switch (info.shape) {
    case Shape::Atomics:  // enough blocks to fill every multiprocessor, each looping over its share
      p.grid = std::min(enough, sm_count * std::max(1u, 2048u / block));
      p.launches.push_back({info.id, n, p.grid, block});
      break;
    case Shape::LocalThenReduce:  // as many threads as the copies' budget allows
      p.grid = unsigned(std::min<std::uint64_t>(enough, std::max<std::uint64_t>(1, kLocalCounters / bins / block)));
      p.launches.push_back({info.id, n, p.grid, block});
      p.launches.push_back({"sum the local histograms", bins, std::min(bins, sm_count), block});
      break;
    case Shape::SortThenReduce:
      p.padded = 1;
      while (p.padded < n) p.padded *= 2;
      p.launches.push_back({"bins of the items", n, blocks_for(p.padded, block), block});
      for (const SortPassShape& s : sort_passes(p.padded))
        p.launches.push_back({"bitonic span " + std::to_string(s.span) + ", stride " + std::to_string(s.stride), p.padded,
                              blocks_for(p.padded / 2, block), block});
      p.launches.push_back({"run starts", n, blocks_for(n, block), block});
      p.launches.push_back({"run lengths", n, blocks_for(n, block), block});
      break;
  }
  return p;
}

unsigned bins_of(const RunRequest& r) { return unsigned(param_or(r, "bins", kDefaultBins)); }

std::string validate_histogram(const HistogramVariantInfo& info, const RunRequest& r) {
  if (r.block < 32) return "a histogram needs a block of at least 32 threads (its warps count together)";
  if (info.shape == Shape::SortThenReduce && r.n > (std::uint64_t(1) << 31))
    return std::string(info.id) + " sorts n rounded up to a power of two: it takes n up to 2^31";
  return {};
}

}  // namespace wl::histogram
