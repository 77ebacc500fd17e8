// The launches a histogram request turns into, and the sizes of their grids. The same on every
// backend, so a GPU trace and a simulator trace describe the same launches.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/families/histogram/variant_info.h"
#include "kernels/family/run_request.h"
#include "kernels/family/run_result.h"

namespace wl::histogram {

struct Plan {
  unsigned grid = 0;             // Atomics and LocalThenReduce: the counting launch's blocks
  std::uint64_t padded = 0;      // SortThenReduce: n rounded up to a power of two
  std::vector<PlannedLaunch> launches;
};

// Empty launches when n = 0: the histogram is all zeros without a kernel.
Plan plan_histogram(const HistogramVariantInfo& info, std::uint64_t n, unsigned block, unsigned bins, unsigned sm_count);

// The bitonic network over `padded` keys: pass p merges runs of span(p), comparing stride(p)
// apart.
struct SortPassShape {
  std::uint64_t span, stride;
};
std::vector<SortPassShape> sort_passes(std::uint64_t padded);

// The family's "bins" parameter, or its default; and histogram's own checks of a request.
unsigned bins_of(const RunRequest& request);
std::string validate_histogram(const HistogramVariantInfo& info, const RunRequest& request);

constexpr unsigned kMinBins = 2, kMaxBins = 4096, kDefaultBins = 256;
// The per-thread copies of per-thread-local stay within this many counters (4 MiB), except that
// one block always runs: bins x block counters, 16 MiB at 4096 bins and 1024 threads.
constexpr std::uint64_t kLocalCounters = std::uint64_t(1) << 20;

}  // namespace wl::histogram
