// What the histogram tests share: a request for a variant, and the counts a run produced.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/family/run_request.h"
#include "kernels/family/run_result.h"

namespace wl::test {

inline RunRequest histogram_request(const std::string& variant, std::uint64_t n, unsigned block, unsigned bins) {
  RunRequest r;
  r.family = "histogram";
  r.variant = variant;
  r.type = "i32";
  r.n = n;
  r.block = block;
  r.params["bins"] = bins;
  return r;
}

inline std::vector<std::uint32_t> counts_of(const RunResult& out) {
  std::vector<std::uint32_t> counts(out.result.count());
  for (std::size_t b = 0; b < counts.size(); ++b) counts[b] = std::uint32_t(out.result.bits(b));
  return counts;
}

}  // namespace wl::test
