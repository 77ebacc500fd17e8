// The samples a histogram counts, for each input pattern (kernels/host/input.h), all within
// [0, bins): uniform (random); a share of the items in one bin and the rest uniform (skewed,
// the "skew" parameter, from 0: uniform to 100: all in one bin); sorted (ascending); one bin
// (all-equal, ones); the generated test image's grey levels scaled to the bins (image).
#pragma once
#include <cstdint>

#include "kernels/family/run_request.h"
#include "kernels/host/input.h"

namespace wl::histogram {

constexpr unsigned kDefaultSkew = 90;
unsigned skew_of(const RunRequest& request);  // the "skew" parameter, or its default

// The bin that the skewed and the one-bin inputs fill.
constexpr unsigned hot_bin(unsigned bins) { return bins / 2; }

void fill_samples(std::int32_t* out, std::uint64_t n, Pattern pattern, std::uint64_t seed, unsigned bins, unsigned skew);

}  // namespace wl::histogram
