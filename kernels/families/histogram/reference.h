// The CPU reference a histogram is checked against: counts are integers, so every bin must
// match exactly (u32 counts wrap alike on both sides).
#pragma once
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "kernels/families/histogram/variant.h"
#include "kernels/family/run_result.h"

namespace wl::histogram {

inline std::vector<std::uint32_t> reference_histogram(const std::int32_t* samples, std::uint64_t n, unsigned bins) {
  std::vector<std::uint32_t> counts(bins, 0);
  for (std::uint64_t i = 0; i < n; ++i)
    if (in_range(samples[i], bins)) ++counts[std::size_t(samples[i])];
  return counts;
}

// "7 bins: 17, 15, 16, 18, 12, 14, 9" up to 8 bins; past that "256 bins, 1000 counted, the
// fullest is bin 128 with 997".
inline std::string counts_text(const std::vector<std::uint32_t>& counts) {
  std::string text = std::to_string(counts.size()) + " bins";
  if (counts.size() <= 8) {
    for (std::size_t b = 0; b < counts.size(); ++b) text += (b ? ", " : ": ") + std::to_string(counts[b]);
    return text;
  }
  std::uint64_t counted = 0;
  std::size_t fullest = 0;
  for (std::size_t b = 0; b < counts.size(); ++b) {
    counted += counts[b];
    if (counts[b] > counts[fullest]) fullest = b;
  }
  return text + ", " + std::to_string(counted) + " counted, the fullest is bin " + std::to_string(fullest) + " with " +
         std::to_string(counts[fullest]);
}

// expected: the reference, and the first bin that differs; error: the largest difference in
// one bin.
inline CheckResult check_histogram(const std::vector<std::uint32_t>& expected, const std::vector<std::uint32_t>& result) {
  CheckResult c;
  if (result.size() != expected.size()) {
    c.expected = std::to_string(expected.size()) + " bins, got " + std::to_string(result.size());
    c.error = std::numeric_limits<double>::infinity();
    return c;
  }
  c.ok = true;
  c.expected = counts_text(expected);
  for (std::size_t b = 0; b < expected.size(); ++b) {
    if (expected[b] == result[b]) continue;
    const double diff = double(expected[b]) - double(result[b]);
    c.error = std::max(c.error, diff < 0 ? -diff : diff);
    if (c.ok) c.expected += "; bin " + std::to_string(b) + " should be " + std::to_string(expected[b]) + ", got " + std::to_string(result[b]);
    c.ok = false;
  }
  return c;
}

}  // namespace wl::histogram
