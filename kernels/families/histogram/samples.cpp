#include "kernels/families/histogram/samples.h"

namespace wl::histogram {

unsigned skew_of(const RunRequest& r) { return unsigned(param_or(r, "skew", kDefaultSkew)); }

void fill_samples(std::int32_t* out, std::uint64_t n, Pattern pattern, std::uint64_t seed, unsigned bins, unsigned skew) {
  std::uint64_t state = seed;
  for (std::uint64_t i = 0; i < n; ++i) {
    unsigned bin = 0;
    switch (pattern) {
      case Pattern::Random: bin = unsigned(splitmix64(state) % bins); break;
      case Pattern::Skewed: {
        const std::uint64_t r = splitmix64(state);
        bin = r % 100 < skew ? hot_bin(bins) : unsigned((r >> 8) % bins);
        break;
      }
      case Pattern::Ascending: bin = unsigned(i * bins / n); break;
      case Pattern::AllEqual: bin = hot_bin(bins); break;
      case Pattern::Ones: bin = 1; break;
      case Pattern::Image: bin = image_pixel(i) * bins / 256; break;
    }
    out[i] = std::int32_t(bin);
  }
}

}  // namespace wl::histogram
